/// Why a tag image could not be loaded.
public enum TagImageError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The image is not ``TagProduct/mfdSize`` bytes for the product.
    case wrongSize(product: TagProduct, expected: Int, actual: Int)
    /// The file could not be opened or read; `reason` is the system's message.
    case unreadable(path: String, reason: String)
    /// The file is larger than any tag image (`limit` bytes), so it is not one.
    case fileTooLarge(path: String, limit: Int)

    public var description: String {
        switch self {
        case let .wrongSize(product, expected, actual):
            "a \(product.rawValue) .mfd image is \(expected) bytes (\(layout(product))), this one is \(actual) bytes"
        case let .unreadable(path, reason):
            "cannot read tag image \(path): \(reason)"
        case let .fileTooLarge(path, limit):
            "\(path) is larger than \(limit) bytes, too large for a tag image"
        }
    }

    /// How the image is laid out, in words.
    private func layout(_ product: TagProduct) -> String {
        product.family == .mifareClassic ? "\(product.classicBlockCount) blocks of 16" : "\(product.pageCount) pages of 4"
    }
}

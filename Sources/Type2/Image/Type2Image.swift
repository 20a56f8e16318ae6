/// A Type 2 tag's memory as a libnfc `.mfd` dump holds it (what `nfc-mfultralight r` and
/// `pn532ctl dump --out` write): every page from page 0, 4 bytes each, no header. Its size is
/// the product's: 64, 80, 164, 180, 240, 540 or 924 bytes.
public struct Type2Image: Hashable, Sendable {
    /// The pages' bytes, from page 0.
    public let bytes: [UInt8]
    /// The product the image is for.
    public let product: Type2Product

    /// The largest image of any product, in bytes (NTAG216: 924).
    public static let largestSize = Type2Product.allCases.map(\.imageSize).max() ?? 0

    /// Takes `mfd`, a dump's bytes, as an image of `product`.
    ///
    /// - Throws: `.wrongSize` when `mfd` is not the product's size (naming the products whose
    ///   dumps have the size it has, if any).
    public init(mfd: [UInt8], product: Type2Product) throws(Type2ImageError) {
        guard mfd.count == product.imageSize else { throw .wrongSize(actual: mfd.count, product: product) }
        bytes = mfd
        self.product = product
    }

    /// The 4 bytes of `page`, which must be below the product's page count.
    public func page(_ page: Int) -> [UInt8] {
        Array(bytes[page * 4..<page * 4 + 4])
    }

    /// Checks that `size` is some product's dump size, before the tag is known.
    ///
    /// - Throws: `.unknownSize` otherwise.
    public static func checkSize(_ size: Int) throws(Type2ImageError) {
        guard !products(ofSize: size).isEmpty else { throw .unknownSize(actual: size) }
    }

    /// The products whose dumps are `size` bytes (two share 80 and two share 164 bytes).
    public static func products(ofSize size: Int) -> [Type2Product] {
        Type2Product.allCases.filter { $0.imageSize == size }
    }
}

/// Why bytes are not an image of a tag's product.
public enum Type2ImageError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The dump is `actual` bytes, not the size of `product`'s dumps.
    case wrongSize(actual: Int, product: Type2Product)
    /// The dump is `actual` bytes, the size of no product's dump.
    case unknownSize(actual: Int)

    public var description: String {
        switch self {
        case let .wrongSize(actual, product):
            let theirs = Type2Image.products(ofSize: actual).map(\.rawValue)
            let what = theirs.isEmpty
                ? "no Type 2 product's (dumps are \(Self.sizes) bytes)"
                : "a dump of \(theirs.joined(separator: " or "))"
            return "the dump is \(actual) bytes, \(what); this tag is \(product.rawValue), whose dumps are "
                + "\(product.imageSize) bytes (\(product.pageCount) pages of 4)"
        case let .unknownSize(actual):
            return "the dump is \(actual) bytes, no Type 2 product's (dumps are \(Self.sizes) bytes: every page from page 0, 4 bytes each)"
        }
    }

    /// Every product's dump size, smallest first: "64, 80, 164, 180, 240, 540 or 924".
    private static var sizes: String {
        let all = Set(Type2Product.allCases.map(\.imageSize)).sorted().map(String.init)
        return all.dropLast().joined(separator: ", ") + " or " + (all.last ?? "")
    }
}

extension Type2Product {
    /// The size of the product's `.mfd` dump: every page, 4 bytes each.
    public var imageSize: Int { pageCount * 4 }
}

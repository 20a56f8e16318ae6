import PN532Simulator
/// Why a tag specification such as `ntag213:uid=04A1B2C3D4E5F6` was refused.
public struct TagSpecError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The specification as given.
    public var spec: String
    /// What is wrong with it.
    public var reason: Reason

    /// Creates an error for `spec`.
    public init(spec: String, reason: Reason) {
        self.spec = spec
        self.reason = reason
    }

    /// The problems a specification can have.
    public enum Reason: Equatable, Sendable {
        /// Nothing was given.
        case empty
        /// The product name is not one of ``TagSpec/productNames``.
        case unknownProduct(String)
        /// An option other than `uid`, `sig`, `image`, `keys` or `master`.
        case unknownOption(String)
        /// An option without `=value`, or with an empty value.
        case missingValue(option: String)
        /// The same option twice.
        case duplicateOption(String)
        /// A value that is not hex digits in pairs.
        case invalidHex(option: String, value: String)
        /// A hex value of the wrong number of bytes.
        case wrongLength(option: String, expected: Int, actual: Int)
        /// A UID byte that is the cascade tag 88 where ISO 14443-3 forbids it (byte 0 or 3).
        case cascadeTagInUID(byteIndex: Int)
        /// Two options that cannot be combined.
        case conflictingOptions(String, String)
        /// An option the product cannot honour (a signature for a tag without READ_SIG, a UID
        /// for the phone, an image for a card without `.mfd` images).
        case unsupportedOption(option: String, product: TagProduct)
        /// A value the option does not know (`keys=` takes `test` or `clone`).
        case unknownValue(option: String, value: String)
    }

    public var description: String {
        "tag \"\(spec)\": \(problem). Valid products: \(TagSpec.productNames.joined(separator: ", ")); "
            + "options after ':' are uid=<hex: 7 bytes, 4 for classic* and typeb (its PUPI), 8 (the IDm) for felica-lite-s and felica-12fc>, "
            + "sig=<32 bytes hex, 56 for ntag424 and desfire-ev2/ev3, 48 for ultralight-aes>, image=<file.mfd>, "
            + "keys=test|clone (ntag424, desfire-ev2, desfire-ev3, ultralight-aes), "
            + "master=<16 bytes hex> (ultralight-aes: its DataProtKey diversified from this site master key)"
    }

    /// The problem in words.
    private var problem: String {
        switch reason {
        case .empty:
            "no tag given"
        case let .unknownProduct(name):
            "unknown product \"\(name)\""
        case let .unknownOption(option):
            "unknown option \"\(option)\""
        case let .missingValue(option):
            "option \(option) needs a value (\(option)=...)"
        case let .duplicateOption(option):
            "option \(option) is given twice"
        case let .invalidHex(option, value):
            "\(option)=\(value) is not hex bytes"
        case let .wrongLength(option, expected, actual):
            "\(option) must be \(expected) bytes (\(expected * 2) hex digits), got \(actual)"
        case let .cascadeTagInUID(byteIndex):
            "uid byte \(byteIndex) must not be 88 (the cascade tag)"
        case let .conflictingOptions(first, second):
            "\(first) and \(second) cannot be combined"
        case let .unsupportedOption(option, product):
            "\(product.rawValue) does not support \(option)="
        case let .unknownValue(option, value):
            "\(option)=\(value) is not known (keys= takes test or clone)"
        }
    }
}

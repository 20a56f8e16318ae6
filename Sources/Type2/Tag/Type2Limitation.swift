/// What a Type 2 product or a Type 2 command cannot do: why `Type2Error.unsupported` was
/// thrown, kept as values rather than a sentence.
public enum Type2Limitation: Hashable, Sendable, CustomStringConvertible {
    /// The product does not have `command` (READ_SIG, PWD_AUTH and READ_CNT are NTAG and
    /// Ultralight EV1 commands).
    case command(Type2Command, product: Type2Product)
    /// The product has no configuration pages, so no password protection.
    case passwordProtection(product: Type2Product)
    /// Protection settings outside what the configuration pages hold: the password, its
    /// PACK and AUTHLIM as given.
    case protectionSettings(passwordLength: Int, acknowledgeLength: Int, attemptLimit: UInt8)
    /// A PWD_AUTH password that is not 4 bytes.
    case passwordLength(Int)
    /// Pages outside what a one-byte page address reaches.
    case pageRange(Range<Int>)
    /// A WRITE that is not 4 bytes to a page 0-255.
    case pageWrite(byteCount: Int, page: Int)
    /// An AES authentication challenge (RndA) that is not 16 bytes.
    case challengeLength(Int)

    public var description: String {
        switch self {
        case let .command(command, product): "\(command.rawValue) on \(product.rawValue)"
        case let .passwordProtection(product): "password protection on \(product.rawValue)"
        case .protectionSettings: "a password of 4 bytes, a PACK of 2 bytes and AUTHLIM 0-7"
        case let .passwordLength(length): "a password of \(length) bytes (PWD_AUTH takes 4)"
        case let .pageRange(pages): "reading pages \(pages.lowerBound)-\(pages.upperBound - 1): page addresses are 0-255"
        case let .pageWrite(count, page): "writing \(count) bytes to page \(page): a WRITE takes 4 bytes to a page 0-255"
        case let .challengeLength(length): "a challenge of \(length) bytes (AES authentication takes 16)"
        }
    }
}

/// The Type 2 commands a product may lack.
public enum Type2Command: String, Hashable, Sendable {
    case readSignature = "READ_SIG"
    case passwordAuthentication = "PWD_AUTH"
    case readCounter = "READ_CNT"
    case aesAuthentication = "AES AUTHENTICATE"
}

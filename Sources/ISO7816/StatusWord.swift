import Basics

/// The status word SW1 SW2 that ends every response APDU, with names for the common ones.
public struct StatusWord: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// SW1 × 256 + SW2.
    public var rawValue: UInt16

    /// The status word `rawValue`.
    public init(rawValue: UInt16) {
        self.rawValue = rawValue
    }

    /// The status word of `sw1` and `sw2`.
    public init(_ sw1: UInt8, _ sw2: UInt8) {
        rawValue = UInt16(sw1) << 8 | UInt16(sw2)
    }

    /// SW1.
    public var sw1: UInt8 { UInt8(rawValue >> 8) }
    /// SW2.
    public var sw2: UInt8 { UInt8(rawValue & 0xFF) }

    /// 9000: done.
    public static let success = StatusWord(rawValue: 0x9000)
    /// 6282: the end of the file came before the expected length was read.
    public static let endOfFileReached = StatusWord(rawValue: 0x6282)
    /// 6581: memory failure.
    public static let memoryFailure = StatusWord(rawValue: 0x6581)
    /// 6700: wrong length.
    public static let wrongLength = StatusWord(rawValue: 0x6700)
    /// 6982: security status not satisfied (a key is needed).
    public static let securityStatusNotSatisfied = StatusWord(rawValue: 0x6982)
    /// 6985: conditions of use not satisfied (no file selected).
    public static let conditionsNotSatisfied = StatusWord(rawValue: 0x6985)
    /// 6A80: wrong data.
    public static let wrongData = StatusWord(rawValue: 0x6A80)
    /// 6A82: file or application not found.
    public static let fileNotFound = StatusWord(rawValue: 0x6A82)
    /// 6A86: wrong P1 P2.
    public static let wrongParameters = StatusWord(rawValue: 0x6A86)
    /// 6A87: Lc inconsistent with P1 P2.
    public static let lengthInconsistentWithParameters = StatusWord(rawValue: 0x6A87)
    /// 6B00: wrong parameters (an offset outside the file).
    public static let offsetOutsideFile = StatusWord(rawValue: 0x6B00)
    /// 6D00: instruction not supported.
    public static let instructionNotSupported = StatusWord(rawValue: 0x6D00)
    /// 6E00: class not supported.
    public static let classNotSupported = StatusWord(rawValue: 0x6E00)

    /// True for 9000.
    public var isSuccess: Bool { self == .success }

    /// For `61 xx`: the answer bytes still waiting for GET RESPONSE (`00` means 256).
    public var bytesAvailable: Int? {
        sw1 == 0x61 ? (sw2 == 0 ? 256 : Int(sw2)) : nil
    }

    /// For `6C xx`: the exact Le the card wants the command sent again with (`00` means 256).
    public var correctExpectedLength: Int? {
        sw1 == 0x6C ? (sw2 == 0 ? 256 : Int(sw2)) : nil
    }

    /// `6A82 (file or application not found)`.
    public var description: String {
        let code = Hex.encode([sw1, sw2])
        return meaning.map { "\(code) (\($0))" } ?? code
    }

    /// The status word's meaning, for the ones this layer names.
    public var meaning: String? {
        if let count = bytesAvailable { return "\(count) more bytes available" }
        if let count = correctExpectedLength { return "wrong Le: \(count) bytes available" }
        switch self {
        case .success: return "success"
        case .endOfFileReached: return "end of file reached before the expected length"
        case .memoryFailure: return "memory failure"
        case .wrongLength: return "wrong length"
        case .securityStatusNotSatisfied: return "security status not satisfied: a key is needed"
        case .conditionsNotSatisfied: return "conditions of use not satisfied (no file selected)"
        case .wrongData: return "wrong data"
        case .fileNotFound: return "file or application not found"
        case .wrongParameters: return "wrong P1 P2"
        case .lengthInconsistentWithParameters: return "Lc inconsistent with P1 P2"
        case .offsetOutsideFile: return "offset outside the file"
        case .instructionNotSupported: return "instruction not supported"
        case .classNotSupported: return "class not supported"
        default: return nil
        }
    }
}

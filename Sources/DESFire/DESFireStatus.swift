import Basics

/// A DESFire native status code: the first byte of a native answer, SW2 of an ISO-wrapped
/// one (`91 xx`), with names for the codes a reader meets.
public struct DESFireStatus: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The status byte.
    public var rawValue: UInt8

    /// The status `rawValue`.
    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// 00: done.
    public static let ok = DESFireStatus(rawValue: 0x00)
    /// 0C: nothing to change.
    public static let noChanges = DESFireStatus(rawValue: 0x0C)
    /// 0E: the card's memory cannot hold what was asked.
    public static let outOfMemory = DESFireStatus(rawValue: 0x0E)
    /// 1C: the card does not know the command.
    public static let illegalCommand = DESFireStatus(rawValue: 0x1C)
    /// 1E: CRC or MAC does not match.
    public static let integrityError = DESFireStatus(rawValue: 0x1E)
    /// 40: no such key.
    public static let noSuchKey = DESFireStatus(rawValue: 0x40)
    /// 7E: the command's length is wrong.
    public static let lengthError = DESFireStatus(rawValue: 0x7E)
    /// 9D: the current state or settings do not allow the command.
    public static let permissionDenied = DESFireStatus(rawValue: 0x9D)
    /// 9E: a parameter is invalid.
    public static let parameterError = DESFireStatus(rawValue: 0x9E)
    /// A0: no such application.
    public static let applicationNotFound = DESFireStatus(rawValue: 0xA0)
    /// A1: an error inside the application.
    public static let applicationIntegrityError = DESFireStatus(rawValue: 0xA1)
    /// AD: too many failed authentications lately: wait, then try again (NTAG 424 DNA, EV2).
    public static let authenticationDelay = DESFireStatus(rawValue: 0xAD)
    /// AE: the command needs an authentication that was not done.
    public static let authenticationError = DESFireStatus(rawValue: 0xAE)
    /// AF: more frames follow (or are expected).
    public static let additionalFrame = DESFireStatus(rawValue: 0xAF)
    /// BE: beyond the file's or the record's limits.
    public static let boundaryError = DESFireStatus(rawValue: 0xBE)
    /// C1: an error inside the PICC.
    public static let piccIntegrityError = DESFireStatus(rawValue: 0xC1)
    /// CA: the previous command was not fully completed.
    public static let commandAborted = DESFireStatus(rawValue: 0xCA)
    /// CD: the PICC was disabled by an error.
    public static let piccDisabled = DESFireStatus(rawValue: 0xCD)
    /// CE: too many applications or files.
    public static let countError = DESFireStatus(rawValue: 0xCE)
    /// DE: the application or file exists already.
    public static let duplicate = DESFireStatus(rawValue: 0xDE)
    /// EE: the card could not write its memory.
    public static let eepromError = DESFireStatus(rawValue: 0xEE)
    /// F0: no such file.
    public static let fileNotFound = DESFireStatus(rawValue: 0xF0)
    /// F1: an error inside the file.
    public static let fileIntegrityError = DESFireStatus(rawValue: 0xF1)

    /// `91 9D (permission denied)`: the status as the ISO-wrapped answer carries it.
    public var description: String {
        let code = "91 " + Hex.encode([rawValue])
        return meaning.map { "\(code) (\($0))" } ?? code
    }

    /// The status's meaning, for the ones this layer names.
    public var meaning: String? {
        switch self {
        case .ok: "done"
        case .noChanges: "no changes"
        case .outOfMemory: "out of memory"
        case .illegalCommand: "illegal command"
        case .integrityError: "integrity error"
        case .noSuchKey: "no such key"
        case .lengthError: "length error"
        case .permissionDenied: "permission denied"
        case .parameterError: "parameter error"
        case .applicationNotFound: "application not found"
        case .applicationIntegrityError: "application integrity error"
        case .authenticationDelay: "authentication delay: too many failed authentications, retry later"
        case .authenticationError: "authentication error: a key is needed"
        case .additionalFrame: "additional frame"
        case .boundaryError: "boundary error"
        case .piccIntegrityError: "PICC integrity error"
        case .commandAborted: "previous command aborted"
        case .piccDisabled: "PICC disabled"
        case .countError: "count error: too many applications or files"
        case .duplicate: "duplicate: it exists already"
        case .eepromError: "EEPROM error"
        case .fileNotFound: "file not found"
        case .fileIntegrityError: "file integrity error"
        default: nil
        }
    }
}

/// An ISO/IEC 14443 Type A target: its answer to request, select acknowledge, UID and, for an
/// ISO-DEP target, its answer to select.
public struct NFCATarget: Hashable, Sendable {
    /// ATQA (SENS_RES), first byte received most significant: `0x0044` for an NTAG21x,
    /// `0x0004` for a MIFARE Classic 1K.
    public var atqa: UInt16
    /// SAK (SEL_RES).
    public var sak: UInt8
    /// The UID (NFCID1): 4, 7 or 10 bytes.
    public var uid: [UInt8]
    /// The answer to select of an ISO/IEC 14443-4 target (nil when none was read).
    public var ats: AnswerToSelect?

    /// Creates a target from its fields.
    public init(atqa: UInt16, sak: UInt8, uid: [UInt8], ats: AnswerToSelect? = nil) {
        self.atqa = atqa
        self.sak = sak
        self.uid = uid
        self.ats = ats
    }

    /// True when SAK bit 6 (0x20) says the target speaks ISO/IEC 14443-4 (ISO-DEP).
    public var supportsISODEP: Bool {
        sak & 0x20 != 0
    }

    /// True when the UID is a random one (ISO/IEC 14443-3: a single-size UID whose first byte
    /// is `08`), as phones and privacy-mode cards give: a new one at each power-up, so the UID
    /// says nothing about which card this is.
    public var hasRandomUID: Bool {
        uid.count == 4 && uid.first == 0x08
    }

    /// The ATQA's two bytes as received (`00 44`).
    public var atqaBytes: [UInt8] {
        [UInt8(atqa >> 8), UInt8(atqa & 0xFF)]
    }
}

import JSONText
import Originality

/// What `identify` says of a card's originality signature: which of NXP's published keys
/// verifies it over the UID, if any.
enum OriginalityVerdict: Equatable {
    /// NXP's key for these products verifies it.
    case genuine(NXPOriginalityKey)
    /// pn532ctl's published test key verifies it (the simulator's tags): anyone can sign so.
    case testKey
    /// No key pn532ctl knows verifies it.
    case notGenuine

    /// The verdict on `signature` over `uid`.
    init(signature: [UInt8], uid: [UInt8]) {
        if let signer = NXPOriginalityKey.signer(of: signature, uid: uid) {
            self = .genuine(signer)
        } else if OriginalityKey.pn532ctlTest.curve.signatureByteCount == signature.count,
            OriginalityKey.pn532ctlTest.verifies(signature: signature, uid: uid)
        {
            self = .testKey
        } else {
            self = .notGenuine
        }
    }

    /// The `Genuine` line's text.
    var text: String {
        switch self {
        case let .genuine(key): "yes: NXP's \(key.products) key verifies the signature over the UID"
        case .testKey: "no: signed with pn532ctl's published test key (a simulated tag): anyone can sign with it"
        case .notGenuine:
            "no: no NXP key verifies the signature over this UID (a copy, an emulator, a blank, or a product whose key is not published)"
        }
    }

    /// `identify --json`'s members: `genuine` (true only for NXP's signature) and `signer`
    /// (the key's name, `pn532ctl-test`, or null).
    static func members(_ verdict: OriginalityVerdict?) -> [(String, JSON)] {
        switch verdict {
        case nil: [("genuine", .null), ("signer", .null)]
        case let .genuine(key)?: [("genuine", .bool(true)), ("signer", .string(key.rawValue))]
        case .testKey?: [("genuine", .bool(false)), ("signer", .string("pn532ctl-test"))]
        case .notGenuine?: [("genuine", .bool(false)), ("signer", .null)]
        }
    }
}

import PN532Reader
import PN532
import JSONText
import Basics
import Credentials
import DoorControl
import NFCCore
import Type2

/// The members the tag commands' `--json` objects share (schema in the README).
enum TagJSON {
    /// `product`, `uid` and `device`, the first members of every tag command's object.
    static func header(_ session: TagSession) -> [(String, JSON)] {
        [
            ("product", .string(session.tag.product.rawValue)), ("uid", .string(Hex.encode(session.target.uid))),
            ("device", .string(session.reader.spec.description)),
        ]
    }

    /// A write's counts: `pagesWritten` and `pagesVerified` (null without verification).
    static func counts(_ result: WriteResult, verified: Bool) -> [(String, JSON)] {
        [("pagesWritten", .int(result.pagesWritten)), ("pagesVerified", verified ? .int(result.pagesVerified) : .null)]
    }

    /// A door token's fields.
    static func token(_ token: SignedToken) -> JSON {
        .object([
            ("version", .int(Int(token.format.rawValue))),
            ("user", .string(token.user)),
            ("issued", .int(Int(token.issued))),
            ("counter", .int(Int(token.counter))),
            ("site", .string(token.site)),
            ("keyId", .int(Int(token.keyID))),
            ("groups", .array(token.groups.map(JSON.string))),
            ("expires", token.expires == 0 ? .null : .int(Int(token.expires))),
        ])
    }
}

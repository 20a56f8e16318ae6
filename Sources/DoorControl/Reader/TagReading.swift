import NDEF
import NFCCore
import PN532
import Type2

/// Reads what a decision needs from one selected tag: product, NDEF message and, when
/// asked, the originality signature. A failure part-way keeps the UID and says what failed.
struct TagReading {
    /// The tag, identified, for writing a token back after a grant.
    var tag: Type2Tag?
    /// What was read.
    var presentation: Presentation

    /// Reads the tag with `uid` over `exchange` (which holds the presentation's budget).
    init(exchange: any TagExchange, uid: [UInt8], readMessage: Bool, readSignature: Bool) {
        var presentation = Presentation(uid: uid)
        var identified: Type2Tag?
        guard readMessage || readSignature else {
            self.tag = nil
            self.presentation = presentation
            return
        }
        do throws(Type2Error) {
            let tag = try Type2Tag.identify(exchange)
            identified = tag
            presentation.product = tag.product.rawValue
            if readMessage { presentation.message = try Self.message(on: tag) }
            if readSignature { presentation.signature = try tag.readSignature() }
        } catch {
            presentation.readError = error.description
        }
        self.tag = identified
        self.presentation = presentation
    }

    /// The tag's NDEF message; nil when it holds none (blank, not formatted, empty TLV).
    private static func message(on tag: Type2Tag) throws(Type2Error) -> NDEFMessage? {
        do throws(Type2Error) {
            let message = try tag.readNDEF()
            return message == .empty ? nil : message
        } catch {
            switch error {
            case .notFormatted, .unsupported: return nil
            default: throw error
            }
        }
    }
}

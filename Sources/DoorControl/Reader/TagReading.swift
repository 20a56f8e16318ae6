import NDEF
import NFCCore
import NFCTags
import PN532
import Type2

/// Reads what a decision needs from one selected tag: product, NDEF message and, when
/// asked, the originality signature. A failure part-way keeps the UID and says what failed.
struct TagReading {
    /// The tag, identified, for writing a token back after a grant.
    var tag: Type2Tag?
    /// What was read.
    var presentation: Presentation

    /// Reads the tag `info` describes over `exchange` (which holds the presentation's
    /// budget). A card of another family than Type 2 gets no tag command: its family is the
    /// product, and why its NDEF is not read is kept for the decision.
    init(exchange: any TagExchange, info: TargetInfo, readMessage: Bool, readSignature: Bool) {
        var presentation = Presentation(uid: info.identifier)
        var identified: Type2Tag?
        let family = CardFamily(info: info)
        guard case .type2 = family else {
            presentation.product = family.name
            presentation.ndefRefusal = family.ndefRefusal
            self.tag = nil
            self.presentation = presentation
            return
        }
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

import DESFire
import EV2SecureMessaging
import NFCCore
import TagProtocols

/// The originality signature of an NTAG 424 DNA or a MIFARE DESFire EV2, EV3 or Light: Read_Sig
/// (`90 3C 00 00 01 00 00`) without a key, 56 bytes (secp224r1 r ‖ s over the UID). A DESFire
/// is first brought to its PICC level (SelectApplication 000000), where NXP's data sheets
/// place the command.
public final class EV2OriginalitySignature: OriginalitySignedTag {
    /// How APDUs reach the card.
    public let exchange: any TagExchange
    /// The card's family.
    public let family: CardFamily

    /// The signature reader of a card of `family` over `exchange`; nil for a family without
    /// Read_Sig.
    public init?(family: CardFamily, exchange: any TagExchange) {
        guard Self.answersReadSig(family) else { return nil }
        self.family = family
        self.exchange = exchange
    }

    /// True for the families that answer Read_Sig: NTAG 424 DNA, DESFire EV2, EV3 and Light.
    public static func answersReadSig(_ family: CardFamily) -> Bool {
        switch family {
        case .ntag424DNA, .desfire(.ev2?), .desfire(.ev3?), .desfireLight: true
        default: false
        }
    }

    public func readOriginalitySignature() throws(TagFailure) -> [UInt8] {
        if case .desfire = family {
            do throws(DESFireError) { try DESFireCard(exchange: exchange).select(.picc) } catch {
                throw TagFailure(.unsupported, "SelectApplication 000000 before Read_Sig: \(error)", underlying: error)
            }
        }
        do throws(EV2Error) { return try EV2Card(exchange: exchange).originalitySignature() } catch {
            if let failure = error.exchangeFailure { throw TagFailure(.exchange(failure), error.description, underlying: error) }
            throw TagFailure(.unsupported, error.description, underlying: error)
        }
    }
}

import PN532Simulator
import TestSupport

/// An NTAG 424 DNA driven with raw APDUs in I-blocks, as the PN532 passes them on: no host
/// code between the test and the card.
final class NTAG424Card {
    var tag: SimulatedTag

    /// A selected, ISO-DEP-active card whose random generator first gives `random`.
    init(_ tag: SimulatedTag, random: String = "") {
        self.tag = tag
        self.tag.ntag424?.queuedRandom = hex(random)
        activate()
    }

    /// A factory card with `uid`.
    convenience init(uid: String = "04 95 8C AA 5C 5E 80", random: String = "") {
        self.init(SimulatedTag(product: .ntag424, uid: hex(uid)), random: random)
    }

    /// Field off and on: anticollision, RATS.
    func activate() {
        tag.powerOff()
        tag.activate()
        _ = tag.respond(to: [0xE0, 0x80])
    }

    /// The R-APDU to `text` (hex), empty when the card stays silent.
    func send(_ text: String) -> [UInt8] {
        guard case .data(let bytes) = tag.respond(to: [0x02] + hex(text)).kind else { return [] }
        return Array(bytes.dropFirst())
    }

    /// Selects the NDEF application and file `id` (`E104`).
    func selectFile(_ id: String) -> Bool {
        send("00 A4 04 00 07 D2 76 00 00 85 01 01 00") == [0x90, 0x00] && send("00 A4 00 0C 02 " + id) == [0x90, 0x00]
    }

    /// AN12196's AuthenticateEV2First with key 0 (reference §9.1): true when the card gave
    /// both published answers. The card must have been made with RndB then TI queued.
    func authenticateVector91() -> Bool {
        send("90 71 00 00 02 00 00 00") == hex("A04C124213C186F22399D33AC2A30215 91AF")
            && send("90AF000020 35C3E05A752E0144BAC0DE51C1F22C56B34408A23D8AEA266CAB947EA8E0118D 00")
            == hex("3FA64DB5446D1F34CD6EA311167F5E4985B89690C04A05F17FA7AB2F08120663 9100")
    }

    /// RndB then TI of the §9.1 vector.
    static let vector91Random = "B9E2FC789B64BF237CCCAA20EC7E6E48 9D00C4DF"
}

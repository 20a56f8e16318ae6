import FuzzSupport
import PN532Simulator

/// libFuzzer entry point for the simulated DESFire EV2/EV3's command decoding (APDUs reach it
/// from any program on `pn532ctl sim`'s pty).
///
/// Input: a byte choosing the card (0 factory EV2, 1 keyed EV2, 2 keyed EV3, 3 the keyed
/// card's clone), a run of bytes its random generator gives first (RndB, TI), then APDUs, one
/// run each (an empty run: the card leaves the field and comes back). Invariants: no trap;
/// every APDU gets an I-block with a status word; no more than 28 applications and files within
/// the card's memory; every AES key 16 bytes; the UID is the real 7 bytes or a random 4.
/// The four cards an input starts from, made once (keying a card runs AN10922 for each key):
/// each input works on its own copy.
let startingCards: [SimulatedTag?] = {
    let keyed = SimulatedTag.desfireEV2Keyed()
    return [SimulatedTag(product: .desfireEV2), keyed, SimulatedTag.desfireEV2Keyed(product: .desfireEV3), keyed?.desfireEV2Clone()]
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDESFireEV2Card(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    guard var tag = startingCards[input.choice(startingCards.count)] else {
        require(false, "no keyed DESFire EV2")
        return 0
    }
    tag.desfire?.queuedRandom = input.run(limit: 64)
    tag.activate()
    _ = tag.respond(to: [0xE0, 0x80])
    var count = 0
    while !input.isAtEnd, count < 64 {
        count += 1
        let apdu = input.run(limit: 255)
        if apdu.isEmpty {
            tag.powerOff()
            tag.activate()
            _ = tag.respond(to: [0xE0, 0x80])
            continue
        }
        guard case .data(let bytes) = tag.respond(to: [0x02] + apdu).kind else {
            require(false, "no I-block for \(apdu)")
            return 0
        }
        let wrappedOrISO = (apdu.count >= 5 && apdu[0] == 0x90) || (apdu.count >= 4 && apdu[0] == 0x00)
        require(bytes.count >= (wrappedOrISO ? 3 : 2) && bytes[0] == 0x02, "answer \(bytes) to \(apdu)")
    }
    guard let picc = tag.desfire else {
        require(false, "the PICC is gone")
        return 0
    }
    let used = picc.applications.flatMap(\.files).reduce(0) { $0 + ($1.data.count + 31) / 32 * 32 }
    require(picc.applications.count <= 28 && used <= picc.memorySize, "\(picc.applications.count) applications, \(used) bytes")
    let keys = picc.applications.flatMap(\.keys) + (picc.piccMasterKey.map { [$0] } ?? [])
    require(keys.allSatisfy { $0.count == 16 }, "a key of another length than 16")
    require(tag.uid.count == 7 || (tag.uid.count == 4 && tag.uid.first == 0x08), "UID \(tag.uid)")
    return 0
}

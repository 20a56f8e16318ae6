import FuzzSupport
import PN532Simulator

/// libFuzzer entry point for the simulated NTAG 424 DNA's command decoding (APDUs reach it
/// from any program on `pn532ctl sim`'s pty).
///
/// Input: a byte choosing the factory (even) or keyed (odd) card, a run of bytes its random
/// generator gives first (RndB, TI, PICCData padding), then APDUs, one run each (an empty
/// run: the card leaves the field and comes back). Invariants: no trap; every APDU gets an
/// I-block with a status word; the files keep their sizes (32, 256, 128); SDMReadCtr stays
/// within 24 bits; the UID is the real 7 bytes or a random 4.
/// The factory and the keyed card an input starts from, made once: each input works on its
/// own copy.
let startingCards = [SimulatedTag(product: .ntag424), SimulatedTag.ntag424Keyed()]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzNTAG424Card(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    var tag = startingCards[Int(input.byte() & 1)]
    tag.ntag424?.queuedRandom = input.run(limit: 64)
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
        let answer = tag.respond(to: [0x02] + apdu)
        guard case .data(let bytes) = answer.kind else {
            require(false, "no I-block for \(apdu)")
            return 0
        }
        require(bytes.count >= 3 && bytes[0] == 0x02, "answer \(bytes) to \(apdu)")
    }
    require(tag.files.map(\.bytes.count) == [32, 256, 128], "file sizes \(tag.files.map(\.bytes.count))")
    require((tag.ntag424?.sdmReadCounter ?? 0) <= 0xFF_FFFF, "SDMReadCtr beyond 24 bits")
    require(tag.uid.count == 7 || (tag.uid.count == 4 && tag.uid.first == 0x08), "UID \(tag.uid)")
    return 0
}

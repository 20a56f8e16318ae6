import DESFire
import FuzzSupport
import NFCCore

/// libFuzzer entry point for the DESFire reply decoders and the NDEF formatting that reads
/// them: `DESFireVersion(frames:)`, `DESFireKeySettings(bytes:)`,
/// `DESFireApplicationID.list(_:)` and `DESFireFileSettings(bytes:)` on runs of the input,
/// then `formatForNDEF()` against a card whose every answer is the next run.
///
/// Input: three runs (the version frames), one each for key settings, AIDs and file
/// settings; then the card's answers, one run each (an empty run: the card is silent).
/// Invariants: no trap; a decoded version's storage size is at most 2^24; an AID list has a
/// third of its bytes' count; a successful format states an NDEF file of 256 to 7FFF bytes;
/// the format sends at most 21 native commands, as each answer's frame bound allows
/// (GetVersion 3, SelectApplication 2 × 1, GetKeySettings 1, GetApplicationIDs 8,
/// CreateApplication 1, per file CreateStdDataFile 1 and GetFileSettings 1, WriteData 2 × 1).
/// Its ISO commands (the Type 4 read-back) are bounded by the Type 4 layer and the input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDESFireReplies(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let frames = [input.run(limit: 20), input.run(limit: 20), input.run(limit: 20)]
    if let version = try? DESFireVersion(frames: frames) {
        require(version.storageSize <= 1 << 24, "storage \(version.storageSize)")
    }
    _ = try? DESFireKeySettings(bytes: input.run(limit: 4))
    let aids = input.run(limit: 90)
    if let list = try? DESFireApplicationID.list(aids) { require(list.count * 3 == aids.count, "\(list.count) AIDs from \(aids.count) bytes") }
    _ = try? DESFireFileSettings(bytes: input.run(limit: 12))
    let card = AnsweringCard(input, answerLimit: 64)
    if let result = try? DESFireCard(exchange: card).formatForNDEF() {
        require((256...0x7FFF).contains(result.ndefFileSize), "NDEF file of \(result.ndefFileSize) bytes")
    }
    let native = card.commands.count { $0.first == 0x90 }
    require(native <= 21, "\(native) native commands")
    return 0
}

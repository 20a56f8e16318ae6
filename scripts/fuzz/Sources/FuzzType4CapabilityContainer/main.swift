import FuzzSupport
import NDEF
import NFCCore
import Type4

/// libFuzzer entry point for the Type 4 Capability Container decoding and the NLEN check:
/// `Type4CapabilityContainer(bytes:)` on the input, then the whole read procedure against a
/// card whose CC file and NDEF file come from the input.
///
/// Input: a length byte and the CC file, then the NDEF file (the rest).
/// Invariants: no trap; a decoded CC has MLe ≥ 15, MLc ≥ 1, a capacity of at least 3 and at
/// most 32768; a message read came from within the NDEF file (NLEN ≤ capacity and ≤ the file);
/// the dump's memory image (`readMemoryImage`) holds at most the two files' bytes, and at most
/// `capabilityContainerDumpLimit` + 32768.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzType4CapabilityContainer(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let ccFile = input.run(limit: 64)
    let ndefFile = input.rest()
    if let cc = try? Type4CapabilityContainer(bytes: ccFile) {
        require(cc.maximumReadLength >= 15 && cc.maximumUpdateLength >= 1, "MLe \(cc.maximumReadLength) MLc \(cc.maximumUpdateLength)")
        require((3...32768).contains(cc.capacity), "capacity \(cc.capacity)")
    }
    let card = FileCard(cc: ccFile, ndef: ndefFile)
    let tag = Type4Tag(exchange: card)
    _ = try? tag.queryNDEFStatus()
    if let bytes = try? tag.readNDEFBytes() {
        require(bytes.count + 2 <= max(ndefFile.count, 2) || bytes.isEmpty, "read \(bytes.count) bytes from a file of \(ndefFile.count)")
        _ = try? NDEFMessage(decoding: bytes, mode: .lenient)
    }
    if let image = try? tag.readMemoryImage() {
        require(image.file.count <= ccFile.count + ndefFile.count, "a dump of \(image.file.count) bytes from files of \(ccFile.count) and \(ndefFile.count)")
        require(image.file.count <= Type4Tag.capabilityContainerDumpLimit + 32768, "a dump of \(image.file.count) bytes")
    }
    return 0
}

/// A Type 4 card with a CC file E103 and an NDEF file (whatever identifier the CC names):
/// SELECT, READ BINARY within the file (fewer bytes at its end), nothing else.
final class FileCard: TagExchange {
    let cc: [UInt8]
    let ndef: [UInt8]
    var selected: [UInt8]?

    init(cc: [UInt8], ndef: [UInt8]) {
        self.cc = cc
        self.ndef = ndef
    }

    var maximumCommandLength: Int { 252 }
    var maximumAnswerLength: Int { 252 }

    func exchange(_ command: [UInt8], answer: TagAnswer) throws(TagExchangeError) -> [UInt8] {
        guard command.count >= 5 else { return [0x67, 0x00] }
        switch (command[1], command[2]) {
        case (0xA4, 0x04):
            return [0x90, 0x00]
        case (0xA4, 0x00):
            selected = command.count >= 7 && command[5] == 0xE1 && command[6] == 0x03 ? cc : ndef
            return [0x90, 0x00]
        case (0xB0, _):
            guard let file = selected else { return [0x69, 0x85] }
            let offset = Int(command[2]) << 8 | Int(command[3])
            let count = command[4] == 0 ? 256 : Int(command[4])
            guard offset < file.count else { return [0x6B, 0x00] }
            return Array(file[offset..<min(file.count, offset + count)]) + [0x90, 0x00]
        default:
            return [0x6D, 0x00]
        }
    }

    func reselect() throws(TagExchangeError) {}
}

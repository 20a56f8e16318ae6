import NDEF
import PN532Simulator
import Type2

/// The simulated NTAG216 of the Type 2 benchmarks and its page images.
enum BenchTag {
    /// The NTAG216's factory image (CC `E1 10 6D 00`, empty NDEF TLV `03 00 FE`) with
    /// `message`'s NDEF TLV from page 4, as a write leaves it; nil keeps the empty TLV.
    static func ntag216(holding message: NDEFMessage?) throws -> SimulatedTag {
        var tag = SimulatedTag(product: .ntag216)
        if let message { tag.memory = try image(of: tag.memory, holding: message) }
        return tag
    }

    /// `memory` (pages from 0) with `message`'s NDEF TLV at page 4, followed by a terminator
    /// when the CC's data area (size byte × 8) has room for one.
    static func image(of memory: [UInt8], holding message: NDEFMessage) throws -> [UInt8] {
        let bytes = message.encoded()
        let header = bytes.count < 0xFF ? 2 : 4
        let tlv = try Type2DataArea.ndefTLV(for: bytes, terminator: header + bytes.count < Int(memory[14]) * 8)
        var image = memory
        image.replaceSubrange(16..<16 + tlv.count, with: tlv)
        return image
    }

    /// The page numbers whose 4 bytes differ between two images of the same size.
    static func changedPages(from old: [UInt8], to new: [UInt8]) -> [Int] {
        (0..<old.count / 4).filter { old[$0 * 4..<$0 * 4 + 4] != new[$0 * 4..<$0 * 4 + 4] }
    }
}

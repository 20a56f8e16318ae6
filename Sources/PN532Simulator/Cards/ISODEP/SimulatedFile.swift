/// An elementary file of an ISO/IEC 7816-4 card: a Type 4 tag's CC file or NDEF file, with
/// what READ BINARY and UPDATE BINARY may do to it without a key.
public struct SimulatedFile: Equatable, Sendable {
    /// The file identifier (`E103`, `E104`).
    public let id: UInt16
    /// The file's bytes; its size never changes.
    public internal(set) var bytes: [UInt8]
    /// READ BINARY is allowed in plain (read access free).
    public let freeRead: Bool
    /// UPDATE BINARY is allowed in plain (write access free).
    public let freeWrite: Bool

    /// A file `id` holding `bytes`.
    public init(id: UInt16, bytes: [UInt8], freeRead: Bool = true, freeWrite: Bool) {
        self.id = id
        self.bytes = bytes
        self.freeRead = freeRead
        self.freeWrite = freeWrite
    }
}

extension SimulatedFile {
    /// READ BINARY (`00 B0 P1 P2 Le`, offset P1 P2, Le `00` = 256) of this file: the bytes,
    /// `90 00`; fewer than Le at the end of the file with `62 82`; `6B 00` for an offset past
    /// the end, `69 82` for a file not readable in plain, `67 00` for another length.
    func readBinaryAnswer(_ apdu: [UInt8]) -> [UInt8] {
        guard apdu.count == 5 else { return [0x67, 0x00] }
        guard freeRead else { return [0x69, 0x82] }
        let offset = Int(apdu[2]) << 8 | Int(apdu[3])
        let expected = apdu[4] == 0 ? 256 : Int(apdu[4])
        guard offset < bytes.count else { return [0x6B, 0x00] }
        let end = min(bytes.count, offset + expected)
        return Array(bytes[offset..<end]) + (end - offset < expected ? [0x62, 0x82] : [0x90, 0x00])
    }

    /// UPDATE BINARY (`00 D6 P1 P2 Lc data`) of this file: writes the data at offset P1 P2,
    /// `90 00`; `69 82` for a file not writable in plain, `6B 00` for an offset past the end,
    /// `6A 87` for data running past it, `67 00` when Lc is not the data's length.
    mutating func updateBinaryAnswer(_ apdu: [UInt8]) -> [UInt8] {
        guard apdu.count >= 6, apdu[4] != 0, apdu.count == 5 + Int(apdu[4]) else { return [0x67, 0x00] }
        guard freeWrite else { return [0x69, 0x82] }
        let offset = Int(apdu[2]) << 8 | Int(apdu[3])
        let data = Array(apdu[5...])
        guard offset < bytes.count else { return [0x6B, 0x00] }
        guard offset + data.count <= bytes.count else { return [0x6A, 0x87] }
        bytes.replaceSubrange(offset..<offset + data.count, with: data)
        return [0x90, 0x00]
    }
}

/// The files of the simulated Type 4 cards, as they leave the factory (or the formatting).
extension TagProduct {
    /// The NDEF application's files; empty for a card without one.
    ///
    /// - NTAG 424 DNA (data sheet §8.2.3.2, §8.2.1): CC file E103 of 32 bytes
    ///   `00 17 20 01 00 00 FF 04 06 E1 04 01 00 00 00 05 06 E1 05 00 80 82 83` then zeros
    ///   (mapping 2.0, MLe 256, MLc 255, NDEF file E104 of 256 bytes read and write free,
    ///   proprietary file E105 of 128 bytes behind keys 2 and 3); the CC's write access is key
    ///   0, E105 is in full (encrypted) communication, so neither takes a plain write or read
    ///   here. The NDEF file E104 is zeros: NLEN 0, no message.
    /// - The DESFire cards keep their files in their applications (``SimulatedTag/desfire``).
    /// - The phone: CC `00 0F 20 00 3B 00 34 04 06 E1 04 00 40 00 FF` (NDEF file E104 of 64
    ///   bytes, read free, write never) and one URI record, `https://example.com`.
    public var factoryFiles: [SimulatedFile] {
        switch self {
        case .ntag424:
            let cc: [UInt8] = [0x00, 0x17, 0x20, 0x01, 0x00, 0x00, 0xFF, 0x04, 0x06, 0xE1, 0x04, 0x01, 0x00, 0x00, 0x00, 0x05, 0x06, 0xE1, 0x05, 0x00, 0x80, 0x82, 0x83]
            return [
                SimulatedFile(id: 0xE103, bytes: cc + [UInt8](repeating: 0, count: 32 - cc.count), freeWrite: false),
                SimulatedFile(id: 0xE104, bytes: [UInt8](repeating: 0, count: 256), freeWrite: true),
                SimulatedFile(id: 0xE105, bytes: [UInt8](repeating: 0, count: 128), freeRead: false, freeWrite: false),
            ]
        case .phoneNDEF:
            let cc: [UInt8] = [0x00, 0x0F, 0x20, 0x00, 0x3B, 0x00, 0x34, 0x04, 0x06, 0xE1, 0x04, 0x00, 0x40, 0x00, 0xFF]
            // NLEN 0010, then a short well-known record (MB ME SR, TNF 1), type "U", payload
            // 0C bytes: prefix 04 ("https://") and "example.com".
            let record: [UInt8] = [0xD1, 0x01, 0x0C, 0x55, 0x04] + Array("example.com".utf8)
            let ndef = [0x00, UInt8(record.count)] + record
            return [
                SimulatedFile(id: 0xE103, bytes: cc, freeWrite: false),
                SimulatedFile(id: 0xE104, bytes: ndef + [UInt8](repeating: 0, count: 64 - ndef.count), freeWrite: false),
            ]
        default:
            return []
        }
    }
}

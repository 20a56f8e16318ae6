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
    /// - DESFire EV1 formatted for NDEF (libfreefare's and Android's CC,
    ///   `00 0F 20 00 3B 00 34 04 06 E1 04 08 00 00 00`): MLe 59, MLc 52, NDEF file E104 of
    ///   2048 bytes read and write free; the CC file's write access is key 0. NLEN 0.
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
        case .desfireNDEF:
            let cc: [UInt8] = [0x00, 0x0F, 0x20, 0x00, 0x3B, 0x00, 0x34, 0x04, 0x06, 0xE1, 0x04, 0x08, 0x00, 0x00, 0x00]
            return [
                SimulatedFile(id: 0xE103, bytes: cc, freeWrite: false),
                SimulatedFile(id: 0xE104, bytes: [UInt8](repeating: 0, count: 2048), freeWrite: true),
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

import Basics

/// Why a FeliCa command packet could not be built, or a card's answer read.
public struct FeliCaFrameError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Which side is wrong.
    public enum Kind: Hashable, Sendable {
        /// An argument of the command (a code or block of the wrong size, a list too long):
        /// nothing was sent.
        case argument
        /// The card's answer is not the command's (another response code or IDm, a count that
        /// does not match the bytes).
        case answer
    }

    /// Which side is wrong.
    public var kind: Kind
    /// What is wrong, for a person.
    public var message: String

    /// An error of `kind`, described by `message`.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }
}

/// The command packets of the FeliCa commands Core NFC types (command code, the card's IDm,
/// the parameters; the length byte is added when the packet is sent: `FeliCaResponse`) and
/// the checks of their response packets (response code = command code + 1, the same IDm, the
/// lengths the FeliCa frames give). Every count and length in an answer is the card's, so each
/// is checked before a byte is taken.
public enum FeliCaFrames {
    /// `00 SC SC RC TSN`: a polling for `systemCode` (2 bytes, big-endian as in
    /// `currentSystemCode`; `FF` in a byte matches any).
    /// `requestCode`: 0 nothing more, 1 the system code, 2 the communication performance;
    /// `timeSlot`: the slot count less one (0, 1, 3, 7 or 15).
    public static func polling(systemCode: [UInt8], requestCode: UInt8, timeSlot: UInt8) throws(FeliCaFrameError) -> [UInt8] {
        guard systemCode.count == 2 else { throw invalidLength("the system code has 2 bytes (it has \(systemCode.count))") }
        return [0x00] + systemCode + [requestCode, timeSlot]
    }

    /// The PMm and the request data (the system code or the communication performance, 2
    /// bytes; empty when not asked for) of a polling answer `01 IDm PMm [data]`.
    public static func pollingAnswer(_ packet: [UInt8]) throws(FeliCaFrameError) -> (manufactureParameter: [UInt8], requestData: [UInt8]) {
        guard packet.first == 0x01, packet.count == 17 || packet.count == 19 else {
            throw responseError("Polling", "01 IDm(8) PMm(8) and 0 or 2 bytes of request data", packet)
        }
        return (Array(packet[9..<17]), Array(packet[17...]))
    }

    /// `02 IDm n node…`: Request Service for 1 … 32 node codes (area or service codes, 2 bytes
    /// each, little-endian).
    public static func requestService(idm: [UInt8], nodeCodeList: [[UInt8]]) throws(FeliCaFrameError) -> [UInt8] {
        try checkCodes(nodeCodeList, named: "node code", limit: 32)
        return [0x02] + idm + [UInt8(nodeCodeList.count)] + nodeCodeList.flatMap { $0 }
    }

    /// The key versions (2 bytes each, `FF FF` for a node the card does not have) of a Request
    /// Service answer `03 IDm n version…` to a request for `count` nodes.
    public static func requestServiceAnswer(_ packet: [UInt8], idm: [UInt8], count: Int) throws(FeliCaFrameError) -> [[UInt8]] {
        try check(packet, code: 0x03, idm: idm, command: "Request Service", at: 10)
        guard Int(packet[9]) == count, packet.count == 10 + 2 * count else {
            throw responseError("Request Service", "03 IDm \(count) and \(count) key versions of 2 bytes", packet)
        }
        return chunks(packet[10...], of: 2)
    }

    /// `04 IDm`: Request Response.
    public static func requestResponse(idm: [UInt8]) -> [UInt8] {
        [0x04] + idm
    }

    /// The mode (0 … 3) of a Request Response answer `05 IDm mode`.
    public static func requestResponseAnswer(_ packet: [UInt8], idm: [UInt8]) throws(FeliCaFrameError) -> Int {
        try check(packet, code: 0x05, idm: idm, command: "Request Response", at: 10)
        guard packet.count == 10 else { throw responseError("Request Response", "05 IDm mode", packet) }
        return Int(packet[9])
    }

    /// `06 IDm n SC… m BLE…`: Read Without Encryption.
    public static func readWithoutEncryption(idm: [UInt8], serviceCodeList: [[UInt8]], blockList: [[UInt8]]) throws(FeliCaFrameError) -> [UInt8] {
        [0x06] + idm + (try services(serviceCodeList)) + (try blocks(blockList))
    }

    /// The status flags and, when status flag 1 is 0, the blocks (16 bytes each) of a Read
    /// Without Encryption answer `07 IDm SF1 SF2 [m data]` to a read of `count` blocks.
    public static func readAnswer(_ packet: [UInt8], idm: [UInt8], count: Int) throws(FeliCaFrameError) -> (statusFlag1: Int, statusFlag2: Int, blockData: [[UInt8]]) {
        let (statusFlag1, statusFlag2) = try statusFlags(packet, code: 0x07, idm: idm, command: "Read Without Encryption", more: true)
        guard statusFlag1 == 0 else { return (statusFlag1, statusFlag2, []) }
        guard packet.count >= 12, Int(packet[11]) == count, packet.count == 12 + 16 * count else {
            throw responseError("Read Without Encryption", "07 IDm 00 00 \(count) and \(count) blocks of 16 bytes", packet)
        }
        return (statusFlag1, statusFlag2, chunks(packet[12...], of: 16))
    }

    /// `08 IDm n SC… m BLE… data…`: Write Without Encryption, one 16-byte block of
    /// `blockData` for each element of `blockList`.
    public static func writeWithoutEncryption(
        idm: [UInt8], serviceCodeList: [[UInt8]], blockList: [[UInt8]], blockData: [[UInt8]]
    ) throws(FeliCaFrameError) -> [UInt8] {
        guard blockData.count == blockList.count else {
            throw invalidLength("there is one block of data for each block-list element (\(blockData.count) blocks for \(blockList.count) elements)")
        }
        if let block = blockData.first(where: { $0.count != 16 }) {
            throw invalidLength("a FeliCa block has 16 bytes (one has \(block.count))")
        }
        return [0x08] + idm + (try services(serviceCodeList)) + (try blocks(blockList)) + blockData.flatMap { $0 }
    }

    /// The status flags of a Write Without Encryption answer `09 IDm SF1 SF2`.
    public static func writeAnswer(_ packet: [UInt8], idm: [UInt8]) throws(FeliCaFrameError) -> (statusFlag1: Int, statusFlag2: Int) {
        try statusFlags(packet, code: 0x09, idm: idm, command: "Write Without Encryption", more: false)
    }

    /// `0C IDm`: Request System Code.
    public static func requestSystemCode(idm: [UInt8]) -> [UInt8] {
        [0x0C] + idm
    }

    /// The system codes (2 bytes each, big-endian) of a Request System Code answer `0D IDm n SC…`.
    public static func requestSystemCodeAnswer(_ packet: [UInt8], idm: [UInt8]) throws(FeliCaFrameError) -> [[UInt8]] {
        try check(packet, code: 0x0D, idm: idm, command: "Request System Code", at: 10)
        let count = Int(packet[9])
        guard count >= 1, packet.count == 10 + 2 * count else {
            throw responseError("Request System Code", "0D IDm n and n system codes of 2 bytes", packet)
        }
        return chunks(packet[10...], of: 2)
    }

    // MARK: The parts

    /// `n SC…`: 1 … 16 service codes of 2 bytes (little-endian).
    private static func services(_ serviceCodeList: [[UInt8]]) throws(FeliCaFrameError) -> [UInt8] {
        try checkCodes(serviceCodeList, named: "service code", limit: 16)
        return [UInt8(serviceCodeList.count)] + serviceCodeList.flatMap { $0 }
    }

    /// `m BLE…`: 1 … 255 block-list elements, each `1aaa ssss bb` (2 bytes) or `0aaa ssss bb bb`
    /// (3 bytes, block number little-endian).
    private static func blocks(_ blockList: [[UInt8]]) throws(FeliCaFrameError) -> [UInt8] {
        guard (1...255).contains(blockList.count) else {
            throw invalidLength("a block list has 1 … 255 elements (it has \(blockList.count))")
        }
        for element in blockList {
            guard let head = element.first, (element.count == 2 && head & 0x80 != 0) || (element.count == 3 && head & 0x80 == 0) else {
                throw invalidLength("a block-list element is 2 bytes with bit 7 of its first byte set, or 3 bytes with it clear (got \(hexText(element)))")
            }
        }
        return [UInt8(blockList.count)] + blockList.flatMap { $0 }
    }

    private static func checkCodes(_ codes: [[UInt8]], named name: String, limit: Int) throws(FeliCaFrameError) {
        guard (1...limit).contains(codes.count) else { throw invalidLength("a command takes 1 … \(limit) \(name)s (it has \(codes.count))") }
        if let code = codes.first(where: { $0.count != 2 }) {
            throw invalidLength("a \(name) has 2 bytes, little-endian (one has \(code.count))")
        }
    }

    /// Checks the response code and the IDm, and that the packet has at least `minimum` bytes.
    private static func check(_ packet: [UInt8], code: UInt8, idm: [UInt8], command: String, at minimum: Int) throws(FeliCaFrameError) {
        guard packet.count >= minimum, packet[0] == code, packet[1..<9].elementsEqual(idm) else {
            throw responseError(command, "\(hexText([code])) and the card's IDm \(hexText(idm))", packet)
        }
    }

    /// The status flags of `code IDm SF1 SF2`; `more` allows bytes after them.
    private static func statusFlags(_ packet: [UInt8], code: UInt8, idm: [UInt8], command: String, more: Bool) throws(FeliCaFrameError) -> (Int, Int) {
        try check(packet, code: code, idm: idm, command: command, at: 11)
        guard more || packet.count == 11 else { throw responseError(command, "\(hexText([code])) IDm SF1 SF2", packet) }
        return (Int(packet[9]), Int(packet[10]))
    }

    private static func chunks(_ bytes: ArraySlice<UInt8>, of size: Int) -> [[UInt8]] {
        stride(from: bytes.startIndex, to: bytes.endIndex, by: size).map { Array(bytes[$0..<min($0 + size, bytes.endIndex)]) }
    }

    private static func invalidLength(_ problem: String) -> FeliCaFrameError {
        FeliCaFrameError(.argument, problem)
    }

    private static func responseError(_ command: String, _ expected: String, _ packet: [UInt8]) -> FeliCaFrameError {
        FeliCaFrameError(
            .answer,
            "the card's \(command) answer is not \(expected): \(packet.count) byte(s) \(hexText(Array(packet.prefix(16))))\(packet.count > 16 ? "…" : "")")
    }
}

import ISO7816
import NFCCore

/// An NFC Forum Type 4 tag (NTAG 424 DNA, a DESFire with the NDEF application, a phone
/// emulating a tag) seen through ISO/IEC 7816-4 APDUs over a `TagExchange`.
///
/// Every operation selects the NDEF Tag Application again (mapping 2.0's name, then 1.0's),
/// reads the Capability Container and selects the NDEF file, so a tag value holds no state
/// that the card could have changed. Reads are chunked by the card's MLe and the link's
/// answer limit, writes by MLc and the link's command limit.
public final class Type4Tag {
    /// How APDUs reach the card.
    public let exchange: any TagExchange
    /// The most data bytes one READ BINARY asks for, whatever MLe says.
    public let maximumReadLength: Int
    /// The most data bytes one UPDATE BINARY carries, whatever MLc says.
    public let maximumUpdateLength: Int

    /// The NDEF Tag Application's name for mapping 2.0 and later.
    public static let applicationName: [UInt8] = [0xD2, 0x76, 0x00, 0x00, 0x85, 0x01, 0x01]
    /// The NDEF Tag Application's name for mapping 1.0.
    public static let legacyApplicationName: [UInt8] = [0xD2, 0x76, 0x00, 0x00, 0x85, 0x01, 0x00]
    /// The Capability Container file's identifier.
    public static let capabilityContainerFile: UInt16 = 0xE103

    /// A Type 4 tag over `exchange`.
    ///
    /// - Parameters:
    ///   - maximumReadLength: the most data one READ BINARY asks for; by default what one answer
    ///     of the link carries less the status word (256 at most, the short Le).
    ///   - maximumUpdateLength: the most data one UPDATE BINARY carries; by default what one
    ///     command of the link carries less the 5-byte header (255 at most, the short Lc). A
    ///     caller that knows the card's frame size (FSC from the ATS) passes FSC − 8 so each
    ///     write is one tear-protected frame (NTAG 424 DNA: 120).
    public init(exchange: any TagExchange, maximumReadLength: Int? = nil, maximumUpdateLength: Int? = nil) {
        self.exchange = exchange
        self.maximumReadLength = max(1, min(256, maximumReadLength ?? exchange.maximumAnswerLength - 2))
        self.maximumUpdateLength = max(1, min(255, maximumUpdateLength ?? exchange.maximumCommandLength - 5))
    }

    /// The largest write data for a card with frame size index `fsci` (from its ATS): FSC less
    /// the block's PCB and CRC and the APDU's header (`FSC − 8`, 120 for FSC 128).
    public static func updateLength(frameSizeIndex fsci: UInt8) -> Int {
        let sizes = [16, 24, 32, 40, 48, 64, 96, 128, 256]
        return sizes[min(Int(fsci), sizes.count - 1)] - 8
    }

    /// Sends `command`, checks its status word is 9000 and returns the data.
    func send(_ command: CommandAPDU, step: String) throws(Type4Error) -> [UInt8] {
        let response: ResponseAPDU
        do throws(ISO7816Error) { response = try exchange.exchange(command) } catch { throw .exchange(error, step: step) }
        guard response.status.isSuccess else { throw .refused(response.status, step: step) }
        return response.data
    }

    /// Builds an APDU whose fields this layer chose (always within bounds).
    func apdu(instruction: UInt8, p1: UInt8, p2: UInt8, data: [UInt8] = [], expectedLength: Int? = nil, step: String) throws(Type4Error) -> CommandAPDU {
        do throws(ISO7816Error) {
            return try CommandAPDU(instruction: instruction, p1: p1, p2: p2, data: data, expectedLength: expectedLength)
        } catch {
            throw .exchange(error, step: step)
        }
    }

    /// Selects the NDEF Tag Application: mapping 2.0's name with Le 00, then mapping 1.0's
    /// without Le. Returns the mapping's major version the selection found (2 or 1).
    ///
    /// - Throws: `.noNDEFApplication` when neither is found.
    @discardableResult
    public func selectApplication() throws(Type4Error) -> Int {
        let step = "SELECT the NDEF application"
        let current = try apdu(instruction: 0xA4, p1: 0x04, p2: 0x00, data: Self.applicationName, expectedLength: 256, step: step)
        let first: ResponseAPDU
        do throws(ISO7816Error) { first = try exchange.exchange(current) } catch { throw .exchange(error, step: step) }
        if first.status.isSuccess { return 2 }
        let legacy = try apdu(instruction: 0xA4, p1: 0x04, p2: 0x00, data: Self.legacyApplicationName, step: step + " (mapping 1.0)")
        let second: ResponseAPDU
        do throws(ISO7816Error) { second = try exchange.exchange(legacy) } catch { throw .exchange(error, step: step + " (mapping 1.0)") }
        guard second.status.isSuccess else { throw .noNDEFApplication(first.status) }
        return 1
    }

    /// Selects the elementary file `id` by its identifier (`00 A4 00 0C 02 id`; P2 `00` for
    /// mapping 1.0).
    public func selectFile(_ id: UInt16, mapping: Int = 2) throws(Type4Error) {
        let step = "SELECT file \(Self.fileName(id))"
        _ = try send(try apdu(instruction: 0xA4, p1: 0x00, p2: mapping == 1 ? 0x00 : 0x0C, data: [UInt8(id >> 8), UInt8(id & 0xFF)], step: step), step: step)
    }

    /// READ BINARY of `count` bytes (1 … 256) at `offset` (0 … 7FFF) of the selected file.
    ///
    /// - Throws: `.exchange(.responseTooLong)` when the card answers more than asked, and
    ///   `.exchange(.malformedResponse)` when it answers nothing.
    public func readBinary(offset: Int, count: Int) throws(Type4Error) -> [UInt8] {
        let step = "READ BINARY offset \(offset), \(count) bytes"
        guard (0..<Type4CapabilityContainer.offsetLimit).contains(offset) else {
            throw .exchange(.invalidCommand("offset \(offset) beyond 7FFF"), step: step)
        }
        let data = try send(try apdu(instruction: 0xB0, p1: UInt8(offset >> 8), p2: UInt8(offset & 0xFF), expectedLength: count, step: step), step: step)
        guard !data.isEmpty else { throw .exchange(.malformedResponse(byteCount: 2), step: step) }
        return data
    }

    /// Reads `count` bytes from `offset` in READ BINARY chunks of at most `chunk`; a card that
    /// answers fewer bytes than asked is asked again from where it stopped.
    func read(offset: Int, count: Int, chunk: Int) throws(Type4Error) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count)
        while bytes.count < count {
            let part = try readBinary(offset: offset + bytes.count, count: min(chunk, count - bytes.count))
            bytes += part
        }
        return bytes
    }

    /// UPDATE BINARY of `data` (1 … 255 bytes) at `offset` (0 … 7FFF) of the selected file.
    public func updateBinary(offset: Int, _ data: [UInt8]) throws(Type4Error) {
        let step = "UPDATE BINARY offset \(offset), \(data.count) bytes"
        guard (0..<Type4CapabilityContainer.offsetLimit).contains(offset) else {
            throw .exchange(.invalidCommand("offset \(offset) beyond 7FFF"), step: step)
        }
        _ = try send(try apdu(instruction: 0xD6, p1: UInt8(offset >> 8), p2: UInt8(offset & 0xFF), data: data, step: step), step: step)
    }

    /// `E104`.
    static func fileName(_ id: UInt16) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([12, 8, 4, 0].map { digits[Int(id >> UInt16($0)) & 0x0F] })
    }
}

import NDEF
import NFCCore

/// An NFC Forum Type 1 tag (Topaz 96 with static memory, Topaz 512 with dynamic memory) over
/// any ``TagExchange``: RID, RALL, READ, WRITE-E and WRITE-NE, and for dynamic memory RSEG,
/// WRITE-E8 and WRITE-NE8.
///
/// Commands go as on the air, with UID0–UID3 at their end. An answer is taken with or
/// without the address byte the tag echoes first, since a reader may drop it (the PN532 does).
public final class Type1Tag {
    /// The exchange with the selected tag.
    public let exchange: any TagExchange
    /// HR0 and HR1.
    public let headerROM: [UInt8]
    /// UID0–UID3, as RID gives them.
    public let uid: [UInt8]

    /// A tag already identified.
    public init(exchange: any TagExchange, headerROM: [UInt8], uid: [UInt8]) {
        self.exchange = exchange
        self.headerROM = headerROM
        self.uid = uid
    }

    /// Identifies the tag with RID: its header ROM and UID0–UID3.
    ///
    /// - Throws: `.exchange`, `.malformedAnswer`, `.notNDEFCapable` (HR0 is not 1x).
    public static func identify(_ exchange: any TagExchange) throws(Type1Error) -> Type1Tag {
        let answer: [UInt8]
        do { answer = try exchange.exchange(Type1Command.rid) } catch { throw .exchange(error, step: "RID") }
        guard answer.count == 6 else { throw .malformedAnswer(step: "RID", count: answer.count, expected: 6) }
        let headerROM = Array(answer[0..<2])
        guard headerROM[0] >> 4 == 1 else { throw .notNDEFCapable(headerROM: headerROM) }
        return Type1Tag(exchange: exchange, headerROM: headerROM, uid: Array(answer[2..<6]))
    }

    /// True for static memory (HR0 `11`: Topaz 96), false for dynamic memory (Topaz 512).
    public var isStatic: Bool { headerROM.first == 0x11 }

    /// Sends `command` and returns its `count` data bytes, dropping the echoed address when
    /// the answer carries it.
    func send(_ command: [UInt8], expecting count: Int, step: String) throws(Type1Error) -> [UInt8] {
        let answer: [UInt8]
        do { answer = try exchange.exchange(command) } catch { throw .exchange(error, step: step) }
        switch answer.count {
        case count: return answer
        case count + 1: return Array(answer.dropFirst())
        default: throw .malformedAnswer(step: step, count: answer.count, expected: count)
        }
    }

    /// The tag's memory from byte 0, read up to `end` at least: RALL's 120 bytes for a static
    /// tag; for a dynamic one RSEG of segment 0 and of each further segment below `end` (below
    /// the CC's size), and zeros for the segments not read, up to the CC's size.
    ///
    /// Segments are read only where needed: a PN532's firmware passes RSEG of segment 0 only
    /// (reference §1.3), and its driver sends a later one as 16 READ8 through the chip's CIU,
    /// 48 round trips, so a message that ends before byte 0x68 costs one RSEG.
    ///
    /// - Parameter known: whole segments read before, from segment 0 (a dynamic tag's
    ///   segments are not read again).
    /// - Returns: the image and how much of it was read.
    public func readImage(through end: Int = Type1Layout.maximumMemorySize, known: [UInt8] = []) throws(Type1Error) -> (image: [UInt8], read: Int) {
        if isStatic {
            let all = try send(Type1Command.short(Type1Command.readAll, address: 0, uid: uid), expecting: 122, step: "RALL")
            let image = Array(all.dropFirst(2))
            return (image, image.count)
        }
        var image = known.count >= 128 ? Array(known.prefix(known.count / 128 * 128)) : try readSegment(0)
        let size = min(Type1CapabilityContainer(image[8..<12]).memorySize, Type1Layout.maximumMemorySize)
        let segments = (min(size, end) + 127) / 128
        for segment in image.count / 128..<max(image.count / 128, segments) {
            image += try readSegment(segment)
        }
        let read = image.count
        return (image + [UInt8](repeating: 0, count: max(0, size - read)), read)
    }

    private func readSegment(_ segment: Int) throws(Type1Error) -> [UInt8] {
        try send(Type1Command.long(Type1Command.readSegment, address: segment << 4, uid: uid), expecting: 128, step: "RSEG \(segment)")
    }

    /// The memory and its layout, reading as few segments as the TLV walk needs, and at least
    /// up to `end`.
    ///
    /// - Returns: the image (zeros past `read`), how much of it was read, the layout.
    public func readLayout(through end: Int = 128) throws(Type1Error) -> (image: [UInt8], read: Int, layout: Type1Layout) {
        var (image, read) = try readImage(through: end)
        var layout = try Type1Layout(image: image, isStatic: isStatic)
        if layout.walkEnd > read {
            (image, read) = try readImage(through: layout.memorySize, known: Array(image.prefix(read)))
            layout = try Type1Layout(image: image, isStatic: isStatic)
        }
        return (image, read, layout)
    }
}

import ForumTLV
import NDEF

/// A Type 1 tag's memory as NDEF sees it: the CC, the control areas its Lock and Memory
/// Control TLVs name, the data bytes that are left (in order), and where the NDEF TLV is.
///
/// Decoding checks everything against the memory the CC declares: a control area outside it,
/// an unknown TLV, an NDEF length past the data area are errors, never a trap.
public struct Type1Layout: Hashable, Sendable {
    /// TLV types of the Type 1 TLV area.
    enum TLVType {
        static let null: UInt8 = 0x00
        static let lockControl: UInt8 = 0x01
        static let memoryControl: UInt8 = 0x02
        static let ndefMessage: UInt8 = 0x03
        static let proprietary: UInt8 = 0xFD
        static let terminator: UInt8 = 0xFE
    }

    /// The first byte of the TLV area (after block 0 and the CC).
    public static let dataStart = 12
    /// Bytes 0x68–0x77 (blocks D and E: reserved, lock and OTP bytes) of every Type 1 tag.
    public static let staticReserved = 0x68..<0x78
    /// Block F (0x78–0x7F) of a dynamic tag: dynamic lock and reserved bytes.
    public static let blockF = 0x78..<0x80
    /// The memory of a static tag (Topaz 96): blocks 0 to E.
    public static let staticMemorySize = 120
    /// The largest dynamic memory: 16 segments of 128 bytes.
    public static let maximumMemorySize = 2048

    /// The CC.
    public var capabilityContainer: Type1CapabilityContainer
    /// True for a static tag (HR0 `11`, Topaz 96).
    public var isStatic: Bool
    /// The bytes of memory the layout covers: 120 for a static tag, the CC's size otherwise.
    public var memorySize: Int
    /// The areas the control TLVs name, in TLV order.
    public var controlAreas: [ForumControlArea]
    /// The addresses NDEF data may use, in order: from byte 12, without the reserved blocks
    /// and the control areas.
    public var dataAddresses: [Int]
    /// Index in ``dataAddresses`` of the NDEF TLV's type byte, or where it goes when there is none.
    public var ndefTLVIndex: Int
    /// The NDEF message bytes, or nil when the TLV area holds no NDEF Message TLV.
    public var messageBytes: [UInt8]?
    /// One past the last byte the TLV walk read: a reader that fetched less of the memory
    /// must fetch up to here and decode again.
    public var walkEnd: Int

    /// Decodes the layout of `image` (the tag's memory from byte 0) of a static or dynamic tag.
    ///
    /// A CC whose NMN is 00 (a write in progress) is accepted, so that the message can be
    /// written again; readers check ``Type1CapabilityContainer/isInvalidated``.
    ///
    /// - Throws: `.notFormatted`, `.invalidMemorySize`, `.controlAreaOutsideMemory`,
    ///   `.invalidTLV`, `.ndefLengthBeyondDataArea`.
    public init(image: [UInt8], isStatic: Bool) throws(Type1Error) {
        let cc = Type1CapabilityContainer(image.dropFirst(Type1CapabilityContainer.offset).prefix(4))
        guard cc.magic == Type1CapabilityContainer.ndefMagic || cc.isInvalidated, cc.isSupportedVersion else {
            throw .notFormatted(cc)
        }
        let size = isStatic ? Self.staticMemorySize : cc.memorySize
        let validSize = isStatic ? cc.memorySize == Self.staticMemorySize : cc.memorySize > Self.staticMemorySize + 8
        guard validSize, image.count >= size else { throw .invalidMemorySize(declared: cc.memorySize, isStatic: isStatic) }
        capabilityContainer = cc
        self.isStatic = isStatic
        memorySize = size
        var walk = TLVWalk(image: Array(image.prefix(size)), isStatic: isStatic)
        try walk.run()
        controlAreas = walk.areas
        dataAddresses = walk.addresses()
        let ndefAddress = walk.ndefAddress ?? walk.insertionAddress
        ndefTLVIndex = dataAddresses.firstIndex(of: ndefAddress) ?? dataAddresses.count
        messageBytes = walk.message
        walkEnd = walk.readEnd
    }

    /// The data bytes from the NDEF TLV's place on.
    public var bytesForNDEFTLV: Int { dataAddresses.count - ndefTLVIndex }

    /// The largest NDEF message that fits from the NDEF TLV's place.
    public var capacity: Int { ForumTLV.capacity(ofDataArea: bytesForNDEFTLV) }

    /// The NDEF Message TLV for `message` (type, 1- or 3-byte length, value), followed by a
    /// Terminator TLV when it fits.
    ///
    /// - Throws: `.messageTooLong` when it does not fit (not even an empty message fits where
    ///   fewer than 2 bytes are left).
    public func ndefTLV(for message: [UInt8]) throws(Type1Error) -> [UInt8] {
        let headerLength = message.count < 0xFF ? 2 : 4
        guard message.count <= capacity, headerLength + message.count <= bytesForNDEFTLV else {
            throw .messageTooLong(length: message.count, capacity: capacity)
        }
        do {
            return try ForumTLV.ndefTLV(for: message, terminator: headerLength + message.count < bytesForNDEFTLV)
        } catch {
            throw .messageTooLong(length: message.count, capacity: capacity)
        }
    }

    /// The lock areas (Lock Control TLVs).
    public var lockAreas: [ForumControlArea] {
        controlAreas.filter { if case .lock = $0.kind { true } else { false } }
    }
}

/// The walk over the TLV area: addresses skip the reserved blocks and every control area
/// found so far, as a reader fetching TLVs in order does.
private struct TLVWalk {
    typealias TLVType = Type1Layout.TLVType
    let image: [UInt8]
    let isStatic: Bool
    var areas: [ForumControlArea] = []
    var ndefAddress: Int?
    /// Where an NDEF TLV goes when there is none: after the last TLV that is not NULL.
    var insertionAddress = Type1Layout.dataStart
    var message: [UInt8]?
    /// The next address to read, or `image.count` at the end.
    var position = Type1Layout.dataStart
    /// One past the last byte read.
    var readEnd = Type1Layout.dataStart

    init(image: [UInt8], isStatic: Bool) {
        self.image = image
        self.isStatic = isStatic
    }

    func isSkipped(_ address: Int) -> Bool {
        Type1Layout.staticReserved.contains(address) || (!isStatic && Type1Layout.blockF.contains(address))
            || areas.contains { $0.range.contains(address) }
    }

    /// Every data address from byte 12, in order.
    func addresses() -> [Int] {
        (Type1Layout.dataStart..<image.count).filter { !isSkipped($0) }
    }

    /// Moves `position` to the next data address at or after it.
    mutating func settle() {
        while position < image.count, isSkipped(position) { position += 1 }
    }

    /// The next data byte, or nil at the end of memory.
    mutating func next() -> UInt8? {
        settle()
        guard position < image.count else { return nil }
        defer { position += 1 }
        readEnd = position + 1
        return image[position]
    }

    mutating func bytes(_ count: Int, field: NDEFError.Field, at start: Int) throws(Type1Error) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(min(count, image.count))
        while bytes.count < count {
            guard let byte = next() else {
                throw .invalidTLV(NDEFError(offset: start, reason: .truncated(field, needed: count, available: bytes.count)))
            }
            bytes.append(byte)
        }
        return bytes
    }

    /// The length after a TLV's type: one byte, or FF and two bytes (0x00FF–0xFFFE).
    mutating func length(at start: Int) throws(Type1Error) -> Int {
        let first = try bytes(1, field: .tlvLength, at: start)[0]
        guard first == 0xFF else { return Int(first) }
        let pair = try bytes(2, field: .tlvLength, at: start)
        let length = Int(pair[0]) << 8 | Int(pair[1])
        guard (0xFF...0xFFFE).contains(length) else { throw .invalidTLV(NDEFError(offset: start, reason: .invalidTLVLength(length))) }
        return length
    }

    /// The data bytes left from `position` on.
    func remaining() -> Int {
        (position..<max(position, image.count)).reduce(0) { isSkipped($1) ? $0 : $0 + 1 }
    }

    mutating func run() throws(Type1Error) {
        while true {
            settle()
            let start = position
            guard let type = next() else { return }
            switch type {
            case TLVType.null:
                continue
            case TLVType.terminator:
                return
            case TLVType.lockControl, TLVType.memoryControl:
                let length = try length(at: start)
                let value = try bytes(length, field: .tlvValue, at: start)
                guard let area = ForumControlArea(value: value, isLock: type == TLVType.lockControl) else {
                    throw .invalidTLV(NDEFError(offset: start, reason: .invalidTLVLength(length)))
                }
                guard area.range.lowerBound >= Type1Layout.dataStart, area.range.upperBound <= image.count else {
                    throw .controlAreaOutsideMemory(tlvAddress: start, area: area.range, memorySize: image.count)
                }
                areas.append(area)
                settle()
                insertionAddress = position
            case TLVType.ndefMessage:
                let length = try length(at: start)
                let available = remaining()
                guard length <= available else { throw .ndefLengthBeyondDataArea(length: length, available: available) }
                ndefAddress = start
                message = try bytes(length, field: .tlvValue, at: start)
                return
            case TLVType.proprietary:
                let length = try length(at: start)
                let available = remaining()
                guard length <= available else {
                    throw .invalidTLV(NDEFError(offset: start, reason: .truncated(.tlvValue, needed: length, available: available)))
                }
                _ = try bytes(length, field: .tlvValue, at: start)
                settle()
                insertionAddress = position
            default:
                throw .invalidTLV(NDEFError(offset: start, reason: .unknownTLV(type)))
            }
        }
    }
}

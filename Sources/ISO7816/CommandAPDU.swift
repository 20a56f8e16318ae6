import Basics

/// An ISO/IEC 7816-4 command APDU: `CLA INS P1 P2 [Lc data] [Le]`, in the short form when the
/// data and the expected answer fit it (Lc ≤ 255, Le ≤ 256), else the extended form.
///
/// Built only through ``init(class:instruction:p1:p2:data:expectedLength:)``, which checks the
/// bounds, so ``bytes`` always encodes.
public struct CommandAPDU: Hashable, Sendable, CustomStringConvertible {
    /// CLA.
    public let instructionClass: UInt8
    /// INS.
    public let instruction: UInt8
    /// P1.
    public let p1: UInt8
    /// P2.
    public let p2: UInt8
    /// The command data (Lc bytes), 0 … 65535 bytes.
    public let data: [UInt8]
    /// Ne, the most answer bytes expected (1 … 65536); nil when no answer data is expected.
    public let expectedLength: Int?

    /// The most data bytes a command carries (extended Lc).
    public static let maximumDataLength = 65535
    /// The most answer bytes a command may ask for (extended Le `00 00`).
    public static let maximumExpectedLength = 65536

    /// A command APDU.
    ///
    /// - Throws: ``ISO7816Error/invalidCommand(_:)`` when the data is longer than 65535 bytes
    ///   or `expectedLength` is outside 1 … 65536.
    public init(
        class instructionClass: UInt8 = 0x00, instruction: UInt8, p1: UInt8, p2: UInt8, data: [UInt8] = [], expectedLength: Int? = nil
    ) throws(ISO7816Error) {
        guard data.count <= Self.maximumDataLength else {
            throw .invalidCommand("\(data.count) data bytes, at most \(Self.maximumDataLength)")
        }
        if let expectedLength, !(1...Self.maximumExpectedLength).contains(expectedLength) {
            throw .invalidCommand("an expected length of \(expectedLength), 1 to \(Self.maximumExpectedLength)")
        }
        self.instructionClass = instructionClass
        self.instruction = instruction
        self.p1 = p1
        self.p2 = p2
        self.data = data
        self.expectedLength = expectedLength
    }

    /// True when the command needs the extended form (Lc over 255 or Le over 256).
    public var isExtended: Bool {
        data.count > 255 || (expectedLength ?? 0) > 256
    }

    /// The encoded command.
    public var bytes: [UInt8] {
        var bytes = [instructionClass, instruction, p1, p2]
        if isExtended {
            bytes.append(0x00)
            if !data.isEmpty { bytes += [UInt8(data.count >> 8), UInt8(data.count & 0xFF)] + data }
            if let expectedLength {
                let value = expectedLength == 65536 ? 0 : expectedLength
                bytes += [UInt8(value >> 8), UInt8(value & 0xFF)]
            }
        } else {
            if !data.isEmpty { bytes += [UInt8(data.count)] + data }
            if let expectedLength { bytes.append(UInt8(expectedLength & 0xFF)) }
        }
        return bytes
    }

    /// The same command expecting `length` answer bytes (what a `6C xx` answer asks for).
    func expecting(_ length: Int) throws(ISO7816Error) -> CommandAPDU {
        try CommandAPDU(class: instructionClass, instruction: instruction, p1: p1, p2: p2, data: data, expectedLength: length)
    }

    /// `CLA INS P1 P2` in hex, and the lengths.
    public var description: String {
        let header = hexText([instructionClass, instruction, p1, p2])
        return "APDU \(header) (\(data.count) data bytes" + (expectedLength.map { ", Le \($0))" } ?? ")")
    }
}

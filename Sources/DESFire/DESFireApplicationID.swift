import Basics

/// A DESFire application identifier: 24 bits, sent LSB first.
public struct DESFireApplicationID: Hashable, Sendable, CustomStringConvertible {
    /// The AID's value (`000001` for the NDEF application).
    public var value: UInt32

    /// The AID `value` (the low 24 bits).
    public init(_ value: UInt32) {
        self.value = value & 0xFF_FFFF
    }

    /// The PICC level.
    public static let picc = DESFireApplicationID(0x000000)
    /// The NFC Forum NDEF application of a DESFire EV1 or later (mapping 2.0).
    public static let ndef = DESFireApplicationID(0x000001)

    /// The 3 bytes the wire carries, LSB first.
    public var bytes: [UInt8] {
        [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF)]
    }

    /// `000001`.
    public var description: String {
        Hex.encode([UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)])
    }

    /// Decodes GetApplicationIDs' answer: 3 bytes an AID, LSB first.
    ///
    /// - Throws: `.malformedAnswer` when the length is not a multiple of 3.
    public static func list(_ bytes: [UInt8], step: String = "GetApplicationIDs") throws(DESFireError) -> [DESFireApplicationID] {
        guard bytes.count % 3 == 0 else { throw .malformedAnswer("\(bytes.count) bytes, not 3 for each application", step: step) }
        return stride(from: 0, to: bytes.count, by: 3).map { offset in
            DESFireApplicationID(UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16)
        }
    }
}

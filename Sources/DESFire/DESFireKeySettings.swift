/// A DESFire's GetKeySettings answer: the key settings byte and the key count byte.
public struct DESFireKeySettings: Hashable, Sendable {
    /// The key settings (PICC: bit 1 free directory list, bit 2 free create/delete, bit 3
    /// configuration changeable, bit 0 master key changeable).
    public var settings: UInt8
    /// The number of keys (low nibble) and, in an application, the crypto method and ISO flag.
    public var keyCount: UInt8

    /// Decodes the 2-byte answer.
    ///
    /// - Throws: `.malformedAnswer` for another length.
    public init(bytes: [UInt8], step: String = "GetKeySettings") throws(DESFireError) {
        guard bytes.count == 2 else { throw .malformedAnswer("\(bytes.count) bytes, 2 expected", step: step) }
        settings = bytes[0]
        keyCount = bytes[1]
    }

    /// PICC level: anyone may create an application without the PICC master key (bit 2).
    public var allowsFreeCreate: Bool { settings & 0x04 != 0 }

    /// PICC level: anyone may list the applications (bit 1).
    public var allowsFreeListing: Bool { settings & 0x02 != 0 }
}

import Basics

/// The Secure Dynamic Messaging options of a file ([DS] §10.7.1 Table 69, reference
/// type4-ntag424.md §5.2): what the card mirrors into the NDEF file on an unauthenticated
/// read, with which keys, at which offsets (from the start of the file, NLEN included).
///
/// Each offset is present exactly when the options and access rights call for it; decoding
/// reads them by those conditions, in the card's order, and encoding refuses a mismatch.
public struct SDMSettings: Hashable, Sendable {
    /// Mirror the UID (SDMOptions bit 7).
    public var mirrorsUID: Bool
    /// Mirror and count SDMReadCtr (bit 6).
    public var mirrorsReadCounter: Bool
    /// Enforce SDMReadCtrLimit (bit 5).
    public var limitsReadCounter: Bool
    /// Encrypt part of the file data (bit 4).
    public var encryptsFileData: Bool
    /// SDMAccessRights: MetaRead (bits 15..12), FileRead (11..8), RFU `F` (7..4), CtrRet (3..0).
    public var accessRights: EV2AccessRights
    /// UIDOffset: UID mirrored in plain (MetaRead `E`).
    public var uidOffset: Int?
    /// SDMReadCtrOffset: counter mirrored in plain (MetaRead `E`); FFFFFF counts without mirroring.
    public var readCounterOffset: Int?
    /// PICCDataOffset: encrypted PICCData (MetaRead a key).
    public var piccDataOffset: Int?
    /// SDMMACInputOffset (FileRead a key).
    public var macInputOffset: Int?
    /// SDMENCOffset (FileRead a key and encrypted file data).
    public var encryptionOffset: Int?
    /// SDMENCLength (FileRead a key and encrypted file data).
    public var encryptionLength: Int?
    /// SDMMACOffset (FileRead a key).
    public var macOffset: Int?
    /// SDMReadCtrLimit (limited counter).
    public var readCounterLimit: Int?

    /// SDM settings; offsets not named are absent.
    public init(
        mirrorsUID: Bool, mirrorsReadCounter: Bool, limitsReadCounter: Bool = false, encryptsFileData: Bool = false,
        accessRights: EV2AccessRights, uidOffset: Int? = nil, readCounterOffset: Int? = nil, piccDataOffset: Int? = nil,
        macInputOffset: Int? = nil, encryptionOffset: Int? = nil, encryptionLength: Int? = nil, macOffset: Int? = nil,
        readCounterLimit: Int? = nil
    ) {
        self.mirrorsUID = mirrorsUID
        self.mirrorsReadCounter = mirrorsReadCounter
        self.limitsReadCounter = limitsReadCounter
        self.encryptsFileData = encryptsFileData
        self.accessRights = accessRights
        self.uidOffset = uidOffset
        self.readCounterOffset = readCounterOffset
        self.piccDataOffset = piccDataOffset
        self.macInputOffset = macInputOffset
        self.encryptionOffset = encryptionOffset
        self.encryptionLength = encryptionLength
        self.macOffset = macOffset
        self.readCounterLimit = readCounterLimit
    }

    /// SDMMetaRead: the key that encrypts PICCData, `E` plain mirroring, `F` none.
    public var metaRead: UInt8 { accessRights.nibble(at: 12) }
    /// SDMFileRead: the key of SDMMAC and SDMENC, `F` no SDM MAC.
    public var fileRead: UInt8 { accessRights.nibble(at: 8) }
    /// SDMCtrRet: the key GetFileCounters needs, `E` free, `F` never.
    public var counterRetrieval: UInt8 { accessRights.nibble(at: 0) }

    /// SDMOptions bit 0: ASCII encoding, the only one (always set).
    static let asciiEncoding: UInt8 = 0x01

    /// The SDMOptions byte.
    var optionsByte: UInt8 {
        (mirrorsUID ? 0x80 : 0) | (mirrorsReadCounter ? 0x40 : 0) | (limitsReadCounter ? 0x20 : 0) | (encryptsFileData ? 0x10 : 0)
            | Self.asciiEncoding
    }

    /// The fields in the card's order, each with whether the options call for it.
    private var fields: [(name: String, value: Int?, present: Bool)] {
        let plainMeta = metaRead == EV2AccessRights.free
        let keyedMeta = metaRead <= 0x0D
        let keyedFile = fileRead != EV2AccessRights.never
        return [
            ("UIDOffset", uidOffset, mirrorsUID && plainMeta),
            ("SDMReadCtrOffset", readCounterOffset, mirrorsReadCounter && plainMeta),
            ("PICCDataOffset", piccDataOffset, keyedMeta),
            ("SDMMACInputOffset", macInputOffset, keyedFile),
            ("SDMENCOffset", encryptionOffset, keyedFile && encryptsFileData),
            ("SDMENCLength", encryptionLength, keyedFile && encryptsFileData),
            ("SDMMACOffset", macOffset, keyedFile),
            ("SDMReadCtrLimit", readCounterLimit, limitsReadCounter),
        ]
    }

    /// Reads SDMOptions, SDMAccessRights and the fields they call for.
    init(reading reader: inout SettingsReader) throws(SettingsFormatError) {
        let options = try reader.byte("SDMOptions")
        guard options & 0x0E == 0 else { throw SettingsFormatError("SDMOptions \(Hex.encode([options])) sets RFU bits") }
        let rights = try reader.bytes(2, "SDMAccessRights")
        self.init(
            mirrorsUID: options & 0x80 != 0, mirrorsReadCounter: options & 0x40 != 0, limitsReadCounter: options & 0x20 != 0,
            encryptsFileData: options & 0x10 != 0, accessRights: EV2AccessRights(bytes: rights[0], rights[1]))
        var values: [Int?] = []
        for field in fields {
            values.append(field.present ? try reader.integer(field.name) : nil)
        }
        uidOffset = values[0]
        readCounterOffset = values[1]
        piccDataOffset = values[2]
        macInputOffset = values[3]
        encryptionOffset = values[4]
        encryptionLength = values[5]
        macOffset = values[6]
        readCounterLimit = values[7]
    }

    /// SDMOptions ‖ SDMAccessRights ‖ the fields the options call for, LSB first.
    ///
    /// - Throws: for a field called for and not set, one set and not called for, or a value
    ///   outside 0 … FFFFFF.
    func bytes() throws(SettingsFormatError) -> [UInt8] {
        var bytes = [optionsByte] + accessRights.bytes
        for field in fields {
            switch (field.value, field.present) {
            case let (value?, true):
                guard (0...0xFF_FFFF).contains(value) else { throw SettingsFormatError("\(field.name) \(value) does not fit 3 bytes") }
                bytes += [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16)]
            case (nil, true):
                throw SettingsFormatError("the SDM options call for \(field.name) and it is not set")
            case (_?, false):
                throw SettingsFormatError("\(field.name) is set but the SDM options do not use it")
            case (nil, false):
                break
            }
        }
        return bytes
    }
}

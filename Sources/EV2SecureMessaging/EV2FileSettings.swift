import Basics

/// A file's settings as GetFileSettings answers them and ChangeFileSettings sets them, with
/// the Secure Dynamic Messaging options of NTAG 424 DNA's NDEF file ([DS] §10.7, reference
/// type4-ntag424.md §5.2). Multi-byte values go LSB first.
public struct EV2FileSettings: Hashable, Sendable {
    /// FileType: 00 for a standard data file.
    public var fileType: UInt8
    /// How the file's data is read and written.
    public var communicationMode: CommunicationMode
    /// Read, write, read-and-write, change.
    public var accessRights: EV2AccessRights
    /// The file's size in bytes (GetFileSettings only; ChangeFileSettings does not carry it).
    public var size: Int
    /// The SDM options; nil when SDM and mirroring are off (FileOption bit 6 clear).
    public var sdm: SDMSettings?

    /// Settings of these values.
    public init(fileType: UInt8 = 0x00, communicationMode: CommunicationMode, accessRights: EV2AccessRights, size: Int, sdm: SDMSettings? = nil) {
        self.fileType = fileType
        self.communicationMode = communicationMode
        self.accessRights = accessRights
        self.size = size
        self.sdm = sdm
    }

    /// FileOption bit 6: SDM and mirroring on.
    static let sdmEnabledBit: UInt8 = 0x40

    /// Decodes a GetFileSettings answer: `FileType ‖ FileOption ‖ AccessRights(2) ‖ Size(3) ‖
    /// [SDM fields]`, nothing more.
    ///
    /// - Throws: a description of what is wrong (too short, unknown option bits, trailing bytes).
    public init(bytes: [UInt8]) throws(SettingsFormatError) {
        var reader = SettingsReader(bytes)
        fileType = try reader.byte("FileType")
        let option = try reader.byte("FileOption")
        guard option & ~(Self.sdmEnabledBit | 0x03) == 0 else { throw SettingsFormatError("FileOption \(Hex.encode([option])) sets RFU bits") }
        communicationMode = CommunicationMode(fileOption: option)
        let rights = try reader.bytes(2, "AccessRights")
        accessRights = EV2AccessRights(bytes: rights[0], rights[1])
        size = try reader.integer("FileSize")
        sdm = option & Self.sdmEnabledBit != 0 ? try SDMSettings(reading: &reader) : nil
        guard reader.isAtEnd else { throw SettingsFormatError("\(reader.remaining) bytes after the settings") }
    }

    /// The data of ChangeFileSettings: `FileOption ‖ AccessRights(2) ‖ [SDM fields]`.
    ///
    /// - Throws: when the SDM options name a field that is not set, or set one they exclude,
    ///   or an offset does not fit 3 bytes.
    public func changeData() throws(SettingsFormatError) -> [UInt8] {
        let option = communicationMode.fileOptionBits | (sdm == nil ? 0 : Self.sdmEnabledBit)
        return [option] + accessRights.bytes + (try sdm?.bytes() ?? [])
    }
}

/// Why file settings bytes cannot be decoded or encoded.
public struct SettingsFormatError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong.
    public var description: String

    init(_ description: String) {
        self.description = description
    }
}

/// A bounded reader of settings bytes: every read checks what is left.
struct SettingsReader {
    private let bytes: [UInt8]
    private var position = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    var isAtEnd: Bool { position == bytes.count }
    var remaining: Int { bytes.count - position }

    mutating func bytes(_ count: Int, _ field: String) throws(SettingsFormatError) -> [UInt8] {
        guard remaining >= count else { throw SettingsFormatError("the settings end before \(field) (\(remaining) of \(count) bytes)") }
        defer { position += count }
        return Array(bytes[position..<position + count])
    }

    mutating func byte(_ field: String) throws(SettingsFormatError) -> UInt8 {
        try bytes(1, field)[0]
    }

    /// A 3-byte LSB-first value.
    mutating func integer(_ field: String) throws(SettingsFormatError) -> Int {
        let value = try bytes(3, field)
        return Int(value[0]) | Int(value[1]) << 8 | Int(value[2]) << 16
    }
}

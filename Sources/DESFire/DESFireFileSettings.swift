/// A DESFire's GetFileSettings answer for a standard or backup data file: file type,
/// communication settings, access rights and size.
public struct DESFireFileSettings: Hashable, Sendable {
    /// `00` standard data file, `01` backup data file.
    public var fileType: UInt8
    /// `00` plain, `01` MACed, `03` enciphered.
    public var communication: UInt8
    /// Read key in bits 15–12, write 11–8, read-and-write 7–4, change 3–0 (`E` free).
    public var accessRights: UInt16
    /// The file's size in bytes.
    public var size: Int

    /// Decodes the 7-byte answer (more bytes, as EV2's extra settings, are ignored).
    ///
    /// - Throws: `.malformedAnswer` when it is shorter or the file is not a data file.
    public init(bytes: [UInt8], step: String = "GetFileSettings") throws(DESFireError) {
        guard bytes.count >= 7 else { throw .malformedAnswer("\(bytes.count) bytes, at least 7 expected", step: step) }
        guard bytes[0] <= 0x01 else { throw .malformedAnswer("file type \(bytes[0]), not a data file", step: step) }
        fileType = bytes[0]
        communication = bytes[1]
        accessRights = UInt16(bytes[3]) << 8 | UInt16(bytes[2])
        size = Int(bytes[4]) | Int(bytes[5]) << 8 | Int(bytes[6]) << 16
    }

    /// True when the file is read and written in plain without a key (communication plain;
    /// the read-and-write right free, or both the read and the write right).
    public var isFreeInPlain: Bool {
        let free: UInt16 = 0xE
        let read = accessRights >> 12, write = accessRights >> 8 & 0xF, readWrite = accessRights >> 4 & 0xF
        return communication & 0x03 == 0 && (readWrite == free || (read == free && write == free))
    }
}

import Basics

/// The DESFire native commands the NDEF formatting uses.
extension DESFireCard {
    /// GetVersion (`60`, then `AF` twice).
    public func version() throws(DESFireError) -> DESFireVersion {
        try DESFireVersion(frames: try frames(0x60, limit: 3, step: "GetVersion"))
    }

    /// GetApplicationIDs (`6A`) at the PICC level.
    public func applicationIDs() throws(DESFireError) -> [DESFireApplicationID] {
        try DESFireApplicationID.list(try command(0x6A, step: "GetApplicationIDs"))
    }

    /// GetKeySettings (`45`) of the selected application (the PICC's at the PICC level).
    public func keySettings() throws(DESFireError) -> DESFireKeySettings {
        try DESFireKeySettings(bytes: try command(0x45, limit: 1, step: "GetKeySettings"))
    }

    /// SelectApplication (`5A` AID); ``DESFireApplicationID/picc`` selects the PICC level.
    public func select(_ application: DESFireApplicationID) throws(DESFireError) {
        let step = "SelectApplication \(application)"
        try commandAnsweringNothing(0x5A, application.bytes, step: step)
    }

    /// CreateApplication (`CA` AID KS1 KS2 ISO-FID DF-name) at the PICC level: `keyCount`
    /// with `20` set for ISO file identifiers; the ISO FID goes LSB first.
    public func createApplication(
        _ application: DESFireApplicationID, keySettings: UInt8, keyCount: UInt8, isoFileID: UInt16, dfName: [UInt8]
    ) throws(DESFireError) {
        let step = "CreateApplication \(application)"
        let data = application.bytes + [keySettings, keyCount, UInt8(isoFileID & 0xFF), UInt8(isoFileID >> 8)] + dfName
        try commandAnsweringNothing(0xCA, data, step: step)
    }

    /// CreateStdDataFile (`CD` file ISO-FID comm access size) in the selected application:
    /// plain communication; the access rights (read, write, read-and-write, change nibbles),
    /// the ISO FID and the size go LSB first.
    public func createStandardDataFile(_ number: UInt8, isoFileID: UInt16, accessRights: UInt16, size: Int) throws(DESFireError) {
        let step = Self.fileStep("CreateStdDataFile", number, isoFileID)
        let data = [number, UInt8(isoFileID & 0xFF), UInt8(isoFileID >> 8), 0x00, UInt8(accessRights & 0xFF), UInt8(accessRights >> 8)]
            + Self.threeBytes(size)
        try commandAnsweringNothing(0xCD, data, step: step)
    }

    /// GetFileSettings (`F5` file) of a data file in the selected application.
    public func fileSettings(_ number: UInt8, isoFileID: UInt16) throws(DESFireError) -> DESFireFileSettings {
        let step = Self.fileStep("GetFileSettings", number, isoFileID)
        return try DESFireFileSettings(bytes: try command(0xF5, [number], limit: 1, step: step), step: step)
    }

    /// WriteData (`3D` file offset length data) in plain, in one frame (at most 52 bytes).
    public func writeData(_ number: UInt8, isoFileID: UInt16, offset: Int, _ bytes: [UInt8]) throws(DESFireError) {
        let step = Self.fileStep("WriteData", number, isoFileID)
        try commandAnsweringNothing(0x3D, [number] + Self.threeBytes(offset) + Self.threeBytes(bytes.count) + bytes, step: step)
    }

    /// `CreateStdDataFile 02 (E104)`.
    static func fileStep(_ command: String, _ number: UInt8, _ isoFileID: UInt16) -> String {
        "\(command) \(Hex.encode([number])) (\(Hex.encode([UInt8(isoFileID >> 8), UInt8(isoFileID & 0xFF)])))"
    }

    /// `value` in 3 bytes, LSB first.
    static func threeBytes(_ value: Int) -> [UInt8] {
        [UInt8(truncatingIfNeeded: value), UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value >> 16)]
    }
}

import NFCCore

extension NXPCardVersion {
    /// The native GetVersion wrapped in ISO/IEC 7816-4: `90 60 00 00 00`.
    static let getVersionCommand: [UInt8] = [0x90, 0x60, 0x00, 0x00, 0x00]
    /// The native "additional frame" wrapped: `90 AF 00 00 00`, asking for the next part.
    static let additionalFrameCommand: [UInt8] = [0x90, 0xAF, 0x00, 0x00, 0x00]

    /// Asks an ISO-DEP card for its GetVersion over `exchange`, where the reader runs the
    /// block protocol (a PN532's InDataExchange): `90 60 00 00 00`, then `90 AF 00 00 00`
    /// for parts 2 and 3. At most three frames are sent, and none after an answer that is not
    /// the expected part.
    ///
    /// - Throws: ``NXPCardVersionError``: `.status` when the card refused (a bank card's or a
    ///   phone's `6D 00`/`6E 00`), `.length`/`.noStatus` for an answer of the wrong shape,
    ///   `.exchange` when the card did not answer or the reader failed.
    public static func query(over exchange: any TagExchange) throws(NXPCardVersionError) -> NXPCardVersion {
        let hardware = try part(1, of: send(getVersionCommand, over: exchange))
        let software = try part(2, of: send(additionalFrameCommand, over: exchange))
        let production = try production(send(additionalFrameCommand, over: exchange))
        return NXPCardVersion(hardware: hardware, software: software, production: production)
    }

    private static func send(_ command: [UInt8], over exchange: any TagExchange) throws(NXPCardVersionError) -> [UInt8] {
        do throws(TagExchangeError) { return try exchange.exchange(command) } catch { throw .exchange(error) }
    }
}

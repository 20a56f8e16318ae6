extension PN532Session {
    /// Puts every chip setting the driver relies on as it expects, whatever another host or a
    /// crashed process left: CRC and parity both ways, whole-byte framing, Crypto1 off (one
    /// ReadRegister, and one WriteRegister for the fields that are off), the RF field off with
    /// no target selected (InRelease and RFConfiguration, only when the field was on), and the
    /// settings no command reads back (SetParameters, RF timeouts, MaxRtyCOM), which are always
    /// sent. What was off is added to `findings`.
    ///
    /// - Parameter releasingField: false within a session, where the field and the target
    ///   are this session's own.
    public func claimSettings(releasingField: Bool = true) throws(PN532Error) {
        let addresses = OwnedRegister.all.map(\.address) + (releasingField ? [OwnedRegister.transmitControl] : [])
        let values = try readRegisters(addresses)
        var writes: [(address: UInt16, value: UInt8)] = []
        for (register, value) in zip(OwnedRegister.all, values) where !register.holds(value) {
            writes.append((register.address, register.corrected(value)))
            findings.append(.register(register))
        }
        if !writes.isEmpty { try writeRegisters(writes) }
        if releasingField, let control = values.last, control & 0x03 != 0 {
            findings.append(.fieldOn)
            _ = try run(.inRelease(target: 0))
            try setField(on: false)
        }
        for command in defaults.commands { try runExpectingEmptyReply(command) }
        settingsOwned = true
        if releasingField { fieldMayBeOn = false }
    }

    /// Claims the settings again when a command of this session may have changed them (a raw
    /// WriteRegister, SetParameters, RFConfiguration timings or retries, PowerDown); costs
    /// nothing otherwise. Tag exchanges call it, so that no reply is read with its CRC.
    public func ensureSettings() throws(PN532Error) {
        if !settingsOwned { try claimSettings(releasingField: false) }
    }

    /// True when `command` may change a setting `claimSettings()` owns.
    static func changesOwnedSettings(_ command: Command) -> Bool {
        switch command.code {
        case .writeRegister:
            let owned = Set(OwnedRegister.all.map(\.address))
            return stride(from: 0, to: command.parameters.count - 1, by: 3).contains { index in
                owned.contains(UInt16(command.parameters[index]) << 8 | UInt16(command.parameters[index + 1]))
            }
        case .setParameters, .powerDown:
            return true
        case .rfConfiguration:
            return command.parameters.first.map { $0 != 0x01 && $0 != 0x05 } ?? false
        default:
            return false
        }
    }
}

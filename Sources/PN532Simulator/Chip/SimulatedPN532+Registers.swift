extension SimulatedPN532 {
    /// True while the RF field is on.
    public var isFieldOn: Bool { fieldOn }

    /// How many targets the chip holds as selected (InListPassiveTarget, not released).
    public var activeTargetCount: Int { targets.count }

    /// The chip's state in one line, for `pn532ctl sim`'s `status`: `rate 115200 awake field
    /// off targets 0`.
    public var statusLine: String {
        "rate \(bitsPerSecond) \(isAsleep ? "asleep" : "awake") field \(fieldOn ? "on" : "off") targets \(targets.count)"
    }

    /// ReadRegister of one address: CIU_TxControl shows the RF field, the others what the
    /// register file holds.
    func readRegister(_ address: UInt16) -> UInt8 {
        guard address == RegisterFile.transmitControl else { return registers[address] }
        return registers[address] & ~0x03 | (fieldOn ? 0x03 : 0x00)
    }

    /// WriteRegister of one address: writing CIU_TxControl's antenna bits switches the field.
    func writeRegister(_ address: UInt16, _ value: UInt8) {
        registers[address] = value
        guard address == RegisterFile.transmitControl else { return }
        setField(on: value & 0x03 != 0)
    }

    /// The RF field on or off; off, every tag loses power and the targets are gone.
    func setField(on: Bool) {
        fieldOn = on
        guard !on else { return }
        targets.removeAll()
        powerOffTags()
    }
}

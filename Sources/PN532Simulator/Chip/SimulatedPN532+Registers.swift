import Basics

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

    /// ReadRegister of one address at `time`: CIU_TxControl shows the RF field, the FIFO
    /// registers what the transceiver holds, the others what the register file holds.
    func readRegister(_ address: UInt16, at time: MonotonicTime) -> UInt8 {
        if let value = readTransceiver(address, at: time) { return value }
        guard address == RegisterFile.transmitControl else { return registers[address] }
        return registers[address] & ~0x03 | (fieldOn ? 0x03 : 0x00)
    }

    /// WriteRegister of one address at `time`: writing CIU_TxControl's antenna bits switches
    /// the field; the FIFO and CIU_Command drive the transceiver.
    func writeRegister(_ address: UInt16, _ value: UInt8, at time: MonotonicTime) {
        registers[address] = value
        if writeTransceiver(address, value, at: time) { return }
        guard address == RegisterFile.transmitControl else { return }
        setField(on: value & 0x03 != 0)
    }

    /// The RF field on or off; off, every tag loses power and the targets are gone.
    func setField(on: Bool) {
        fieldOn = on
        guard !on else { return }
        ciu = CIUTransceiver()
        targets.removeAll()
        powerOffTags()
    }
}

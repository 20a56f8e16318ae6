import NFCCore
/// The timing and retry rules of an `I2CLink`.
public struct I2CLinkSettings: Sendable {
    /// The gap kept between the end of one bus transaction and the start of the next, every
    /// transaction (writes, status polls, frame reads), as libnfc does: NXP told libnfc that
    /// 1.3 ms is too short and 5 ms works (commit e946f7a).
    public var busFreeTime: Duration = .milliseconds(5)
    /// How long to wait after a not-ready status byte before polling again; the bus-free time
    /// still applies, so with the defaults polls are 5 ms apart.
    public var pollInterval: Duration = .milliseconds(1)
    /// How many times a write is tried when the chip does not acknowledge (ENXIO, EREMOTEIO:
    /// about once per 30 s on real buses, and always once from a sleeping chip).
    public var writeAttempts = 5
    /// Bytes read after the status byte for the ACK that follows a command: the ACK (6), or
    /// the syntax error frame (8) the chip sends instead.
    public var acknowledgementReadLength = 8
    /// Bytes read after the status byte for any other frame: the largest extended frame
    /// (264 data bytes and 11 of framing, libnfc's PN532_BUFFER_LEN).
    public var frameReadLength = 275

    /// The defaults.
    public init() {}
}

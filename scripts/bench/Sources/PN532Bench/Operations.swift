import PN532

/// The operations measured, carried out as the pn532ctl commands carry them out.
enum Operations {
    /// `info`'s exchange: wake-up preamble, SAMConfiguration, GetFirmwareVersion.
    static func info(_ session: PN532Session) throws(PN532Error) {
        try session.start()
    }

    /// `scan`'s exchange without `--wait`: MaxRetries with 2 activation retries, then one
    /// InListPassiveTarget for up to two tags.
    static func scan(_ session: PN532Session) throws(PN532Error) -> [PassiveTarget] {
        try session.setPassiveActivationRetries(0x02)
        return try session.listPassiveTargets()
    }

    /// SetSerialBaudRate from 115200 to 921600, with the host's completing ACK and the switch.
    static func raiseRate(_ session: PN532Session) throws(PN532Error) {
        try session.changeBaudRate(to: .bps921600)
    }
}

/// The reply to GetGeneralStatus: `05 Err Field NbTg [Tg BrRx BrTx Type]… SAMStatus`.
public struct GeneralStatus: Hashable, Sendable {
    /// The last error the PN532 detected.
    public var lastError: PN532Status
    /// True when the PN532 detects an external RF field.
    public var externalFieldPresent: Bool
    /// The targets the PN532 currently handles as initiator or target, at most two.
    public var targets: [Target]
    /// The state of the SAM interface.
    public var samStatus: UInt8

    /// A target in a general status.
    public struct Target: Hashable, Sendable {
        /// The logical target number (Tg).
        public var number: UInt8
        /// The bit rate of reception.
        public var receiveBitRate: RadioBitRate
        /// The bit rate of transmission.
        public var transmitBitRate: RadioBitRate
        /// The modulation: `00` ISO 14443 / MIFARE / passive 106 kbps, `01` active,
        /// `02` Innovision Jewel, `10` FeliCa / passive 212 and 424 kbps.
        public var modulationType: UInt8

        /// Creates a target from its fields.
        public init(
            number: UInt8, receiveBitRate: RadioBitRate, transmitBitRate: RadioBitRate,
            modulationType: UInt8
        ) {
            self.number = number
            self.receiveBitRate = receiveBitRate
            self.transmitBitRate = transmitBitRate
            self.modulationType = modulationType
        }
    }

    /// Creates a status from its fields.
    public init(
        lastError: PN532Status, externalFieldPresent: Bool, targets: [Target], samStatus: UInt8
    ) {
        self.lastError = lastError
        self.externalFieldPresent = externalFieldPresent
        self.targets = targets
        self.samStatus = samStatus
    }

    /// Reads a GetGeneralStatus response payload.
    public init(payload: [UInt8]) throws(ReplyError) {
        var reader = try ReplyReader(payload, replyTo: .getGeneralStatus)
        lastError = PN532Status(rawValue: try reader.byte("error"))
        externalFieldPresent = try reader.byte("field") != 0
        let count = try reader.byte("number of targets")
        guard count <= 2 else {
            throw reader.error(.unexpectedValue(field: "number of targets", value: count))
        }
        targets = []
        for _ in 0..<count {
            let fields = try reader.bytes(4, "target")
            targets.append(Target(
                number: fields[0],
                receiveBitRate: RadioBitRate(rawValue: fields[1]),
                transmitBitRate: RadioBitRate(rawValue: fields[2]),
                modulationType: fields[3]
            ))
        }
        samStatus = try reader.byte("SAM status")
        try reader.finish()
    }

    /// The response payload, response code first; the field byte is `01` when a field is present.
    public var payload: [UInt8] {
        var bytes = [
            CommandCode.getGeneralStatus.responseCode, lastError.rawValue,
            externalFieldPresent ? 0x01 : 0x00, UInt8(targets.count),
        ]
        for target in targets {
            bytes += [
                target.number, target.receiveBitRate.rawValue, target.transmitBitRate.rawValue,
                target.modulationType,
            ]
        }
        bytes.append(samStatus)
        return bytes
    }
}

/// The reply to InAutoPoll: `61 NbTg [Type Length TargetData]…`.
public struct AutoPollResult: Hashable, Sendable {
    /// The targets found: none, one or two.
    public var targets: [Target]

    /// A target InAutoPoll found.
    public struct Target: Hashable, Sendable {
        /// The type it was found as.
        public var type: AutoPollType
        /// Its target data, laid out as InListPassiveTarget or InJumpForDEP give it for that type.
        public var data: [UInt8]

        /// Creates a target from its fields.
        public init(type: AutoPollType, data: [UInt8]) {
            self.type = type
            self.data = data
        }
    }

    /// Creates a reply from its targets.
    public init(targets: [Target]) {
        self.targets = targets
    }

    /// Reads an InAutoPoll response payload.
    public init(payload: [UInt8]) throws(ReplyError) {
        var reader = try ReplyReader(payload, replyTo: .inAutoPoll)
        let count = try reader.byte("number of targets")
        guard count <= 2 else {
            throw reader.error(.unexpectedValue(field: "number of targets", value: count))
        }
        targets = []
        for _ in 0..<count {
            let type = AutoPollType(rawValue: try reader.byte("target type"))
            let length = try reader.byte("target data length")
            targets.append(Target(type: type, data: try reader.bytes(Int(length), "target data")))
        }
        try reader.finish()
    }

    /// The response payload, response code first. Target data longer than 255 bytes cannot be
    /// encoded and traps.
    public var payload: [UInt8] {
        [CommandCode.inAutoPoll.responseCode, UInt8(targets.count)]
            + targets.flatMap { [$0.type.rawValue, UInt8($0.data.count)] + $0.data }
    }
}

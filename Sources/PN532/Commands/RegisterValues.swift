/// The reply to ReadRegister: `07 Val…`, one value per address read.
public struct RegisterValues: Hashable, Sendable {
    /// The values, in the order the addresses were sent.
    public var values: [UInt8]

    /// Creates a reply from its values.
    public init(values: [UInt8]) {
        self.values = values
    }

    /// Reads a ReadRegister response payload that must hold `count` values, the number of
    /// addresses sent.
    public init(payload: [UInt8], count: Int) throws(ReplyError) {
        var reader = try ReplyReader(payload, replyTo: .readRegister)
        values = try reader.bytes(count, "register values")
        try reader.finish()
    }

    /// The response payload, response code first.
    public var payload: [UInt8] {
        [CommandCode.readRegister.responseCode] + values
    }
}

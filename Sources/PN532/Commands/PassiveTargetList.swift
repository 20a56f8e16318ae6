/// The reply to InListPassiveTarget at 106 kbps Type A: `4B NbTg [target]…`.
public struct PassiveTargetList: Hashable, Sendable {
    /// The activated targets: none, one or two.
    public var targets: [PassiveTarget]

    /// Creates a reply from its targets.
    public init(targets: [PassiveTarget]) {
        self.targets = targets
    }

    /// Reads an InListPassiveTarget response payload for Type A targets.
    ///
    /// - Parameter atsIncluded: whether the PN532 appends the ATS of ISO/IEC 14443-4 targets
    ///   (those whose SAK has bit 0x20). It does unless automatic RATS was turned off with
    ///   SetParameters; pass `false` then.
    public init(payload: [UInt8], atsIncluded: Bool = true) throws(ReplyError) {
        var reader = try ReplyReader(payload, replyTo: .inListPassiveTarget)
        let count = try reader.byte("number of targets")
        guard count <= 2 else {
            throw reader.error(.unexpectedValue(field: "number of targets", value: count))
        }
        targets = []
        for _ in 0..<count {
            targets.append(try PassiveTarget(reading: &reader, atsIncluded: atsIncluded))
        }
        try reader.finish()
    }

    /// The response payload, response code first; see ``PassiveTarget/targetData``.
    public var payload: [UInt8] {
        [CommandCode.inListPassiveTarget.responseCode, UInt8(targets.count)]
            + targets.flatMap(\.targetData)
    }
}

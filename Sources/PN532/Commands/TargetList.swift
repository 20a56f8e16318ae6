/// The reply to InListPassiveTarget for any modulation: `4B NbTg [target data]…`.
public struct TargetList: Hashable, Sendable {
    /// The activated targets: none, one or two.
    public var targets: [ListedTarget]

    /// Creates a reply from its targets.
    public init(targets: [ListedTarget]) {
        self.targets = targets
    }

    /// Reads an InListPassiveTarget response payload for targets of `modulation`.
    ///
    /// - Parameter atsIncluded: for Type A, whether the PN532 appends the ATS of ISO/IEC
    ///   14443-4 targets (those whose SAK has bit 0x20). It does unless automatic RATS was
    ///   turned off with SetParameters; pass `false` then.
    public init(payload: [UInt8], modulation: PassiveModulation, atsIncluded: Bool = true) throws(ReplyError) {
        var reader = try ReplyReader(payload, replyTo: .inListPassiveTarget)
        let count = try reader.byte("number of targets")
        guard count <= 2 else {
            throw reader.error(.unexpectedValue(field: "number of targets", value: count))
        }
        targets = []
        for _ in 0..<count {
            targets.append(try ListedTarget(reading: &reader, modulation: modulation, atsIncluded: atsIncluded))
        }
        try reader.finish()
    }

    /// The response payload, response code first.
    public var payload: [UInt8] {
        [CommandCode.inListPassiveTarget.responseCode, UInt8(targets.count)] + targets.flatMap(\.targetData)
    }
}

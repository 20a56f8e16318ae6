extension TargetList {
    /// Reads an InAutoPoll response payload (`61 NbTg [Type Length TargetData]…`) into the
    /// targets it found, each read as InListPassiveTarget lists a target of its type's
    /// modulation (``AutoPollType/listedModulation``).
    ///
    /// - Throws: ``ReplyError`` for more than two targets, a type that is not a passive one
    ///   (DEP, or unknown), or target data that is not exactly its Length long.
    public init(autoPollPayload payload: [UInt8], atsIncluded: Bool = true) throws(ReplyError) {
        var reader = try ReplyReader(payload, replyTo: .inAutoPoll)
        let count = try reader.byte("number of targets")
        guard count <= 2 else {
            throw reader.error(.unexpectedValue(field: "number of targets", value: count))
        }
        var targets: [ListedTarget] = []
        for _ in 0..<count {
            let type = try reader.byte("target type")
            guard let modulation = AutoPollType(rawValue: type).listedModulation else {
                throw reader.error(.unexpectedValue(field: "target type", value: type))
            }
            let length = Int(try reader.byte("target data length"))
            guard reader.remaining >= length else {
                throw reader.error(.tooShort(field: "target data", needed: length, available: reader.remaining))
            }
            let end = reader.position + length
            let target = try ListedTarget(reading: &reader, modulation: modulation, atsIncluded: atsIncluded)
            guard reader.position == end else {
                throw reader.error(.unexpectedValue(field: "target data length", value: UInt8(length)))
            }
            targets.append(target)
        }
        try reader.finish()
        self.init(targets: targets)
    }
}

extension AutoPollType {
    /// The modulation whose InListPassiveTarget target data an InAutoPoll entry of this type
    /// carries (UM0701 §7.3.13): type A for generic passive 106 kbps, MIFARE and ISO/IEC
    /// 14443-4A; FeliCa for generic passive and FeliCa 212/424 kbps; type B for both type B
    /// types; Jewel. Nil for the DEP types (their data is an ATR_RES) and unknown types.
    public var listedModulation: PassiveModulation? {
        switch self {
        case .genericPassive106, .mifare, .iso14443Part4TypeA: .typeA106
        case .genericPassive212, .felica212: .felica212
        case .genericPassive424, .felica424: .felica424
        case .passive106TypeB, .iso14443Part4TypeB: .typeB106
        case .jewel: .jewel106
        default: nil
        }
    }
}

extension PassiveModulation {
    /// The InAutoPoll type that polls for this modulation's cards and none other (no DEP):
    /// MIFARE for type A (every ISO/IEC 14443-3A card, as libnfc asks), FeliCa 212/424,
    /// passive 106 kbps type B, Jewel.
    public var autoPollType: AutoPollType {
        switch self {
        case .typeA106: .mifare
        case .felica212: .felica212
        case .felica424: .felica424
        case .typeB106: .passive106TypeB
        case .jewel106: .jewel
        }
    }
}

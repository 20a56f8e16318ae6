extension PassiveModulation {
    /// The InitiatorData that polls for any target of this modulation: FeliCa's polling
    /// request for every system code asking for the system code (`00 FF FF 01 00`), Type B's
    /// AFI `00` (all application families); none for Type A (any UID) and Jewel.
    public var pollingInitiatorData: [UInt8] {
        switch self {
        case .typeA106, .jewel106: []
        case .felica212, .felica424: [0x00, 0xFF, 0xFF, 0x01, 0x00]
        case .typeB106: [0x00]
        }
    }

    /// How many targets one InListPassiveTarget may activate: Jewel allows only one.
    public var targetLimit: UInt8 {
        self == .jewel106 ? 1 : 2
    }

    /// The technology's name: `106 kbps type A`, `212 kbps FeliCa`.
    public var name: String {
        switch self {
        case .typeA106: "106 kbps type A"
        case .felica212: "212 kbps FeliCa"
        case .felica424: "424 kbps FeliCa"
        case .typeB106: "106 kbps type B"
        case .jewel106: "106 kbps Jewel"
        }
    }
}

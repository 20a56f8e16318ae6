import PN532
import PN532Simulator
import TagProtocols
import Type1
import Type2
import Type3
import Type4

/// A simulated card of the "NDEF on every family" benchmark: its tag layer, the message
/// length it is given (1 KB or its capacity when smaller) and the limits its floor uses,
/// taken from the simulator's factory CC or attribute block, not from the layers.
enum FamilyCard: CaseIterable {
    case ntag216, desfireNDEF, ntag424, felica12FC, felicaLiteS, topaz512, topaz96

    /// The message length aimed at.
    static let kilobyte = 1024

    /// The simulator's product.
    var product: TagProduct {
        switch self {
        case .ntag216: .ntag216
        case .desfireNDEF: .desfireNDEF
        case .ntag424: .ntag424
        case .felica12FC: .felica12FC
        case .felicaLiteS: .felicaLiteS
        case .topaz512: .topaz512
        case .topaz96: .topaz96
        }
    }

    /// The NFC Forum type, as a label.
    var family: String {
        switch self {
        case .ntag216: "Type 2"
        case .desfireNDEF, .ntag424: "Type 4"
        case .felica12FC, .felicaLiteS: "Type 3"
        case .topaz512, .topaz96: "Type 1"
        }
    }

    /// The NDEF capacity of the factory card: NTAG216 872 − 4 (TLV header), the NDEF file
    /// less NLEN (2048 − 2, 256 − 2), Nmaxb × 16 (64, 13 blocks), the Topaz data area less
    /// its control TLVs and NDEF TLV header. Checked against the layer's `ndefStatus`.
    var capacity: Int {
        switch self {
        case .ntag216: 868
        case .desfireNDEF: 2046
        case .ntag424: 254
        case .felica12FC: 1024
        case .felicaLiteS: 208
        case .topaz512: 462
        case .topaz96: 90
        }
    }

    /// The encoded length of the message written and read.
    var messageLength: Int { min(Self.kilobyte, capacity) }

    /// Type 4: MLe and MLc from the CC (DESFire `3B`/`34`, NTAG 424 DNA `0100`/`00FF`); Type 3:
    /// Nbr and Nbw from the attribute block (12/8, the Lite-S 4/1); nil for the others.
    var cardLimits: (read: Int, write: Int)? {
        switch self {
        case .desfireNDEF: (0x3B, 0x34)
        case .ntag424: (0x100, 0xFF)
        case .felica12FC: (12, 8)
        case .felicaLiteS: (4, 1)
        case .ntag216, .topaz512, .topaz96: nil
        }
    }

    /// Polls the card (not measured) and returns the exchange with it and a function that
    /// builds its tag layer; building sends the layer's identification (GET_VERSION, RID)
    /// where it has one, so a measurement that builds the tag counts it.
    func select(_ session: PN532Session) throws -> (exchange: TargetExchange, tag: () throws -> any NDEFTag) {
        try session.setPassiveActivationRetries(0x02)
        switch self {
        case .ntag216, .desfireNDEF, .ntag424:
            guard let target = try session.listPassiveTargets(maxTargets: 1).first else { throw notFound }
            let exchange = TargetExchange(session: session, target: target)
            if self == .ntag216 { return (exchange, { try Type2Tag.identify(exchange) }) }
            return (exchange, { Type4Tag(exchange: exchange) })
        case .felica12FC, .felicaLiteS:
            guard let target = try session.listTargets(.felica212, maxTargets: 1).first,
                  case let .nfcF(felica) = target.info else { throw notFound }
            let exchange = TargetExchange(session: session, target: target)
            return (exchange, { Type3Tag(exchange: exchange, target: felica) })
        case .topaz512, .topaz96:
            guard let target = try session.listTargets(.jewel106, maxTargets: 1).first else { throw notFound }
            let exchange = TargetExchange(session: session, target: target)
            return (exchange, { try Type1Tag.identify(exchange) })
        }
    }

    private var notFound: BenchError { BenchError("the simulated \(product.rawValue) was not found") }
}

import Basics
import Credentials
import DESFire
import ISO7816
import NFCCore

/// What a door asks of a keyed card (NTAG 424 DNA, or a DESFire EV2/EV3 AES application) at
/// one presentation: which application and key it must prove, and how the door finds that
/// card's key.
public struct EV2ProofRequest: Sendable {
    /// Where the key lives.
    public enum Application: Hashable, Sendable {
        /// The NTAG 424 DNA application, selected by ISO SELECT of its DF name.
        case ntag424DNA
        /// A DESFire EV2/EV3 application, selected by the native SelectApplication (`5A`).
        case desfire(DESFireApplicationID)
    }

    /// The application the key is in.
    public var application: Application
    /// The application key the card must prove (0 … 4 on an NTAG 424 DNA).
    public var keyNumber: UInt8
    /// The card's key for its real UID and the version GetKeyVersion answered (nil when not
    /// asked): nil when the door holds no key for that version.
    public var cardKey: @Sendable (_ uid: [UInt8], _ version: UInt8?) -> AESKey?
    /// Ask GetKeyVersion first (the door holds keys of several versions: a rotation).
    public var asksKeyVersion: Bool
    /// A key shared by every card (`keyNumber`, `key`), for reading the real UID of a card
    /// whose anticollision UID is random; nil: such cards are refused.
    public var uidKey: (keyNumber: UInt8, key: AESKey)?

    /// A request.
    public init(
        application: Application = .ntag424DNA, keyNumber: UInt8, asksKeyVersion: Bool, uidKey: (keyNumber: UInt8, key: AESKey)? = nil,
        cardKey: @escaping @Sendable (_ uid: [UInt8], _ version: UInt8?) -> AESKey?
    ) {
        self.application = application
        self.keyNumber = keyNumber
        self.asksKeyVersion = asksKeyVersion
        self.uidKey = uidKey
        self.cardKey = cardKey
    }
}

/// A card that proved, at this presentation, that it holds its key: its real UID (the one its
/// key was diversified for: the anticollision UID, or GetCardUID's for a random one) and its
/// originality signature (Read_Sig in the session).
public struct EV2ProvenCard: Equatable, Sendable {
    /// The real UID, which the card's key is diversified for.
    public var uid: [UInt8]
    /// The 56-byte originality signature, read in the session; checking it is the caller's.
    public var signature: [UInt8]
    /// The key version GetKeyVersion answered, when it was asked.
    public var keyVersion: UInt8?

    /// A proven card.
    public init(uid: [UInt8], signature: [UInt8], keyVersion: UInt8?) {
        self.uid = uid
        self.signature = signature
        self.keyVersion = keyVersion
    }
}

/// Why a card did not prove its key.
public enum EV2ProofFailure: Error, Equatable, Sendable, CustomStringConvertible {
    /// The card has no such application (SELECT refused): not the card it claims to be.
    case noApplication(String)
    /// The card answered the challenge wrongly (a wrong key, a clone, a replayed answer).
    case authenticationFailed(EV2Error)
    /// The card's key version is not one the door holds a key for.
    case unknownKeyVersion(UInt8)
    /// The anticollision UID is random and the door has no UID key to read the real one.
    case randomUIDWithoutUIDKey([UInt8])
    /// The card stopped answering, the reader failed, or the answer broke the protocol.
    case unreadable(String)

    /// True when the card answered and failed the proof (it counts as a clone or wrong-key
    /// card), false when it could not be read to the end.
    public var isAuthenticationFailure: Bool {
        switch self {
        case .authenticationFailed, .noApplication: true
        case .unknownKeyVersion, .randomUIDWithoutUIDKey, .unreadable: false
        }
    }

    public var description: String {
        switch self {
        case let .noApplication(reason): "no such application (\(reason)): not the card it claims to be"
        case let .authenticationFailed(error): "authentication failed (\(error))"
        case let .unknownKeyVersion(version):
            "the card's key is version \(Hex.encode([version])), for which this door holds no master key"
        case let .randomUIDWithoutUIDKey(uid):
            "the card shows a random UID (\(Hex.encode(uid))) and no uid_key is configured to read its real one"
        case let .unreadable(reason): "the card could not be read to the end: \(reason)"
        }
    }
}

/// The door's challenge to a keyed card: SELECT of the application (ISO SELECT by DF name on an
/// NTAG 424 DNA, native SelectApplication on a DESFire), GetKeyVersion when the door rotates
/// keys, AuthenticateEV2First with the card's diversified key and a fresh random challenge,
/// then Read_Sig in the session (its answer MACed and encrypted under the session's keys).
///
/// The card's key is diversified from the UID, so proving it binds the card to that UID: only
/// the master key makes a UID's key, and NXP's signature is over the same UID. GetCardUID is
/// therefore sent only when the anticollision UID is random (`08…`): the card is first
/// authenticated with the shared UID key, its real UID read with GetCardUID, then it proves its
/// own key (AuthenticateEV2NonFirst, the same session): the UID key only reveals UIDs; what opens
/// is the card's own key.
public enum EV2CardProof {
    /// The NTAG 424 DNA application's ISO DF name.
    public static let ntag424DNAApplication: [UInt8] = [0xD2, 0x76, 0x00, 0x00, 0x85, 0x01, 0x01]

    /// Runs the challenge over `exchange` for the card listed with `listedUID`.
    ///
    /// - Parameter challenge: RndA source; fresh random ones unless a test injects its own.
    /// - Throws: ``EV2ProofFailure``.
    public static func prove(
        over exchange: any TagExchange, listedUID: [UInt8], request: EV2ProofRequest,
        challenge: () -> [UInt8] = EV2Card.freshChallenge
    ) throws(EV2ProofFailure) -> EV2ProvenCard {
        try select(request.application, over: exchange)
        let card = EV2Card(exchange: exchange)
        let version: UInt8?
        do throws(EV2Error) { version = request.asksKeyVersion ? try card.keyVersion(request.keyNumber) : nil } catch {
            throw failure(error)
        }
        let random = listedUID.count == 4 && listedUID.first == 0x08
        let uid: [UInt8]
        if random {
            guard let uidKey = request.uidKey else { throw .randomUIDWithoutUIDKey(listedUID) }
            do throws(EV2Error) {
                try card.authenticateFirst(keyNumber: uidKey.keyNumber, key: uidKey.key, challenge: challenge())
                uid = try card.cardUID()
            } catch {
                throw failure(error)
            }
        } else {
            uid = listedUID
        }
        guard let key = request.cardKey(uid, version) else {
            throw .unknownKeyVersion(version ?? 0)
        }
        do throws(EV2Error) {
            if random {
                try card.authenticateNonFirst(keyNumber: request.keyNumber, key: key, challenge: challenge())
            } else {
                try card.authenticateFirst(keyNumber: request.keyNumber, key: key, challenge: challenge())
            }
            return EV2ProvenCard(uid: uid, signature: try card.originalitySignature(), keyVersion: version)
        } catch {
            throw failure(error)
        }
    }

    /// SELECT of `application`: ISO SELECT by DF name, or the native SelectApplication.
    private static func select(_ application: EV2ProofRequest.Application, over exchange: any TagExchange) throws(EV2ProofFailure) {
        if case let .desfire(aid) = application {
            do throws(DESFireError) { try DESFireCard(exchange: exchange).select(aid) } catch {
                if case .exchange(.exchange, _) = error { throw .unreadable("\(error)") }
                throw .noApplication("\(error)")
            }
            return
        }
        let response: ResponseAPDU
        do throws(ISO7816Error) {
            let apdu = try CommandAPDU(instruction: 0xA4, p1: 0x04, p2: 0x00, data: ntag424DNAApplication, expectedLength: 256)
            response = try exchange.exchange(apdu)
        } catch {
            if case .exchange = error { throw .unreadable("SELECT of the NTAG 424 DNA application: \(error)") }
            throw .noApplication("SELECT: \(error)")
        }
        guard response.status.isSuccess else { throw .noApplication("SELECT answered \(response.status)") }
    }

    /// An EV2 error as a proof failure: a wrong answer to the challenge, a refusal by the card
    /// or a MAC that does not verify is a failed authentication; a link that failed is not.
    private static func failure(_ error: EV2Error) -> EV2ProofFailure {
        switch error {
        case .exchange: .unreadable("\(error)")
        case .status, .notNative, .wrongMAC, .cardNotAuthenticated, .malformedAnswer: .authenticationFailed(error)
        case .notAuthenticated, .counterExhausted, .invalidArgument: .unreadable("\(error)")
        }
    }
}

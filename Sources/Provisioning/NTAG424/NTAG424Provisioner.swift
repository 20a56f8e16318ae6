import Basics
import Credentials
import DESFire
import EV2SecureMessaging
import ISO7816
import NFCCore
import NFCTags
import PN532
import TagProtocols

/// `ntag424 provision`: takes a factory NTAG 424 DNA to a keyed one, or finishes one an
/// earlier attempt left half done.
///
/// In a session of the factory key 0: the NDEF file (message body, then NLEN), the CC file's
/// NDEF write access (`83`: key 3), the NDEF file's settings with SUN
/// (``NTAG424SUNTemplate/fileSettings(size:)``), keys 1 … 4, then key 0 last (which ends the
/// session). Then the check: a SUN read without a session, verified; key 0, then keys 1 … 4
/// and key 0 again authenticated with their new keys, their versions and the file settings
/// read back; then, if asked, random ID (for good: the next activation shows a random UID).
///
/// **Never a bricked card.** Each key changes in one command, which the card applies whole
/// or not at all, and its version changes with it; the versions are read without a key.
/// Found again, a card tells where it stopped: key 0 at this run's version → only the check
/// is left; key 0 at 00 → the factory key still opens it, and whatever is done (keys at this
/// run's version, each proved by authenticating with it first; the file settings already this
/// run's) is kept and the rest redone. A card whose versions, keys or settings fit neither is
/// refused with nothing changed.
public struct NTAG424Provisioner: TagProvisioner, Sendable {
    /// The site's keys.
    public let keys: NTAG424Keys
    /// The NDEF file and its SUN settings.
    public let template: NTAG424SUNTemplate
    /// Turn random ID on, last.
    public let randomID: Bool

    /// NTAG 424 DNA's NDEF application (ISO DF name).
    static let application: [UInt8] = [0xD2, 0x76, 0x00, 0x00, 0x85, 0x01, 0x01]
    /// The CC file, the NDEF file.
    static let ccFile: UInt8 = 0x01
    static let ndefFile: UInt8 = 0x02
    /// The CC bytes up to the NDEF file's write access: `… 04 06 E1 04 size read write`.
    static let ccNDEFControl: [UInt8] = [0x04, 0x06, 0xE1, 0x04]
    static let ccNDEFWriteAccess = 14

    /// A provisioner of `keys` and `template`, with random ID as asked.
    public init(keys: NTAG424Keys, template: NTAG424SUNTemplate, randomID: Bool) {
        self.keys = keys
        self.template = template
        self.randomID = randomID
    }

    /// What a keyed card showed at the end.
    public struct Result: Equatable, Sendable {
        /// True when key 0 was already the site's: only the check ran.
        public var alreadyKeyed: Bool
        /// The SDMReadCtr of the SUN read back.
        public var readCounter: Int
    }

    public func provision(_ listed: ListedTarget, session: PN532Session, seq: Int) -> FlashTagWriter.Outcome {
        var outcome = FlashTagWriter.Outcome()
        outcome.bytes = template.messageLength
        let exchange = TargetExchange(session: session, target: listed)
        let activated: ActivatedTag
        do throws(TagFailure) { activated = try ActivatedTag(listed.info, over: exchange) } catch {
            outcome.error = error.description
            outcome.tagLeft = error.tagLeft
            return outcome
        }
        outcome.product = activated.family.name
        if case .randomUIDDevice = activated.family {
            outcome.error = NTAG424ProvisioningError.noFixedUID(listed.info.identifier).description
            return outcome
        }
        guard case .ntag424DNA = activated.family else {
            outcome.error = NTAG424ProvisioningError.notNTAG424(activated.family.name).description
            return outcome
        }
        do throws(NTAG424ProvisioningError) {
            _ = try provision(EV2Card(exchange: exchange), uid: listed.info.identifier)
        } catch {
            outcome.error = error.description
            outcome.tagLeft = error.tagLeft
        }
        return outcome
    }

    /// Provisions, or finishes, the NTAG 424 DNA behind `card`, listed with `uid`.
    ///
    /// - Throws: ``NTAG424ProvisioningError``.
    public func provision(_ card: EV2Card, uid: [UInt8]) throws(NTAG424ProvisioningError) -> Result {
        guard uid.count == 7 else { throw .noFixedUID(uid) }
        var keyZero = NTAG424ProvisioningError.KeyZero.factory
        func run<Value>(_ step: () throws(EV2Error) -> Value) throws(NTAG424ProvisioningError) -> Value {
            do throws(EV2Error) { return try step() } catch { throw .interrupted(error, keyZero: keyZero) }
        }
        try run { () throws(EV2Error) in try Self.select(card) }
        let versions = try run { () throws(EV2Error) in try NTAG424Keys.numbers.map { number throws(EV2Error) in try card.keyVersion(number) } }
        guard versions.allSatisfy({ $0 == 0 || $0 == keys.version }) else { throw .foreignKeyVersions(versions, expected: keys.version) }
        let alreadyKeyed = versions[0] == keys.version
        if !alreadyKeyed {
            try key(card, versions: versions, uid: uid, run: run)
        }
        keyZero = .site
        let counter = try verify(card, uid: uid, alreadyKeyed: alreadyKeyed, run: run)
        return Result(alreadyKeyed: alreadyKeyed, readCounter: counter)
    }

    /// The keying, in a session of the factory key 0: files, settings, keys 1 … 4, key 0.
    private func key(
        _ card: EV2Card, versions: [UInt8], uid: [UInt8],
        run: (() throws(EV2Error) -> Void) throws(NTAG424ProvisioningError) -> Void
    ) throws(NTAG424ProvisioningError) {
        var settings: EV2FileSettings?
        try run { () throws(EV2Error) in settings = try card.fileSettings(Self.ndefFile) }
        guard let settings else { return }
        let planned = template.fileSettings(size: settings.size)
        let factory = EV2FileSettings(
            communicationMode: .plain, accessRights: EV2AccessRights(read: 0xE, write: 0xE, readWrite: 0xE, change: 0x0), size: settings.size)
        guard settings == planned || settings == factory else { throw .foreignFileSettings(Self.describe(settings)) }
        do throws(EV2Error) {
            try card.authenticateFirst(keyNumber: NTAG424Keys.applicationMaster, key: .factoryDefault)
        } catch .status(.authenticationError, _) {
            throw .keyZeroNotFactory
        } catch {
            throw .interrupted(error, keyZero: .factory)
        }
        try checkChangedKeys(card, versions: versions, uid: uid)
        if settings == factory {
            let image = template.fileImage
            try run { () throws(EV2Error) in
                try card.writeData(Self.ndefFile, offset: 2, Array(image[2...]), mode: .plain)
                try card.writeData(Self.ndefFile, offset: 0, Array(image[..<2]), mode: .plain)
                let cc = try card.readData(Self.ccFile, offset: 0, length: Self.ccNDEFWriteAccess + 1, mode: .plain)
                if Array(cc[7..<11]) == Self.ccNDEFControl {
                    try card.writeData(Self.ccFile, offset: Self.ccNDEFWriteAccess, [0x80 | NTAG424Keys.ndefWrite], mode: .plain)
                }
                try card.changeFileSettings(Self.ndefFile, to: planned)
            }
        }
        for number in NTAG424Keys.numbers where number != NTAG424Keys.applicationMaster && versions[Int(number)] == 0 {
            try run { () throws(EV2Error) in try card.changeKey(number, to: keys.key(number, uid: uid), version: keys.version) }
        }
        do throws(EV2Error) {
            try card.changeKey(NTAG424Keys.applicationMaster, to: keys.key(NTAG424Keys.applicationMaster, uid: uid), version: keys.version)
        } catch {
            throw .interrupted(error, keyZero: error.exchangeFailure == nil ? .factory : .changing)
        }
    }

    /// Proves that each key 1 … 4 an earlier attempt left at this run's version holds this
    /// site's key (AuthenticateEV2NonFirst), then opens key 0's session again (the factory key):
    /// a card whose changed keys are another plan's is refused before anything is written.
    private func checkChangedKeys(_ card: EV2Card, versions: [UInt8], uid: [UInt8]) throws(NTAG424ProvisioningError) {
        let changed = NTAG424Keys.numbers.filter { $0 != NTAG424Keys.applicationMaster && versions[Int($0)] == keys.version }
        guard !changed.isEmpty else { return }
        for number in changed {
            do throws(EV2Error) {
                try card.authenticateNonFirst(keyNumber: number, key: keys.key(number, uid: uid))
            } catch .status(.authenticationError, _) {
                throw .foreignKey(number, version: keys.version)
            } catch {
                throw .interrupted(error, keyZero: .factory)
            }
        }
        do throws(EV2Error) {
            try card.authenticateNonFirst(keyNumber: NTAG424Keys.applicationMaster, key: .factoryDefault)
        } catch {
            throw .interrupted(error, keyZero: .factory)
        }
    }

    /// The check, and random ID: a SUN read without a session, key 0's authentication, the
    /// versions and settings, every key's authentication.
    private func verify(
        _ card: EV2Card, uid: [UInt8], alreadyKeyed: Bool,
        run: (() throws(EV2Error) -> Void) throws(NTAG424ProvisioningError) -> Void
    ) throws(NTAG424ProvisioningError) -> Int {
        var sun: Swift.Result<Int, NTAG424SUNCheck.Failure> = .failure(.init(description: "no SUN read"))
        do throws(EV2Error) {
            let image = try card.readData(Self.ndefFile, offset: 0, length: template.fileImage.count, mode: .plain)
            do throws(NTAG424SUNCheck.Failure) {
                sun = .success(try NTAG424SUNCheck.verify(image, template: template, uid: uid, keys: keys))
            } catch {
                sun = .failure(error)
            }
        } catch {
            if error.exchangeFailure != nil { throw .interrupted(error, keyZero: .site) }
            sun = .failure(.init(description: "the SUN read failed: \(error)"))
        }
        let keyZero = keys.key(NTAG424Keys.applicationMaster, uid: uid)
        do throws(EV2Error) {
            try card.authenticateFirst(keyNumber: NTAG424Keys.applicationMaster, key: keyZero)
        } catch .status(.authenticationError, _) {
            if alreadyKeyed { throw .keyZeroNotOurs(version: keys.version) }
            throw .verification("key 0 does not authenticate with its new key")
        } catch {
            throw .interrupted(error, keyZero: .site)
        }
        let counter: Int
        switch sun {
        case .success(let value): counter = value
        case .failure(let failure): throw .verification(failure.description)
        }
        var versions: [UInt8] = []
        var settings: EV2FileSettings?
        try run { () throws(EV2Error) in
            versions = try NTAG424Keys.numbers.map { number throws(EV2Error) in try card.keyVersion(number) }
            settings = try card.fileSettings(Self.ndefFile)
        }
        guard versions.allSatisfy({ $0 == keys.version }) else {
            throw .verification("key versions \(versions.map { Hex.encode([$0]) }.joined(separator: " ")), all \(Hex.encode([keys.version])) expected")
        }
        guard let settings, settings == template.fileSettings(size: settings.size) else {
            throw .verification("the NDEF file's settings are not this run's")
        }
        for number in NTAG424Keys.numbers.dropFirst() + [NTAG424Keys.applicationMaster] {
            do throws(EV2Error) {
                try card.authenticateNonFirst(keyNumber: number, key: keys.key(number, uid: uid))
            } catch .status(.authenticationError, _) {
                throw .verification("key \(number) does not authenticate with its new key")
            } catch {
                throw .interrupted(error, keyZero: .site)
            }
        }
        if randomID {
            try run { () throws(EV2Error) in try card.setConfiguration(randomID: true) }
        }
        return counter
    }

    /// ISO SELECT of the NDEF application by name.
    static func select(_ card: EV2Card) throws(EV2Error) {
        let response: ResponseAPDU
        do throws(ISO7816Error) {
            response = try card.exchange.exchange(
                CommandAPDU(class: 0x00, instruction: 0xA4, p1: 0x04, p2: 0x00, data: application, expectedLength: 256))
        } catch {
            throw .exchange(error, step: "SELECT NTAG 424 DNA application")
        }
        guard response.status == StatusWord(0x90, 0x00) else { throw .notNative(response.status, step: "SELECT NTAG 424 DNA application") }
    }

    /// File settings in a line: mode, access rights, SDM on or off.
    static func describe(_ settings: EV2FileSettings) -> String {
        "\(settings.communicationMode), access \(Hex.encode(settings.accessRights.bytes.reversed())), SDM \(settings.sdm == nil ? "off" : "on")"
    }
}

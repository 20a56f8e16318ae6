import PN532Reader
import PN532
import JSONText
import ArgumentParser
import Basics
import NFCCore
import NFCTags
import TagProtocols
import Type2
import Type4

/// `pn532ctl identify`: what the tag is, its NDEF status and its password protection.
struct IdentifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "identify",
        abstract: "Identify the tag: product, UID, memory, NDEF status and capacity, protection, originality signature.",
        discussion: """
            Examples:
              pn532ctl identify --wait 10
              pn532ctl identify --json
            """)

    @OptionGroup var options: TagOptions
    @OptionGroup var credentials: PasswordOptions

    @Flag(help: PasswordGuess.confirmationHelp)
    var yes = false

    @Flag(help: "Print JSON.")
    var json = false

    func run() throws {
        let session: TagSession
        switch try TagSession.find(options, exclusive: false) {
        case let .type2(opened): session = opened
        case let .ndef(card):
            defer { card.close() }
            return try describe(card)
        case let .other(card): return describe(card)
        }
        defer { session.close() }
        try session.authenticate(credentials, confirmed: yes, quiet: json)
        let tag = session.tag
        let report: NDEFStatusReport?
        let protection: ProtectionState
        let signature: [UInt8]?
        do throws(Type2Error) {
            do throws(Type2Error) { report = try tag.queryNDEFStatus() } catch {
                guard case .passwordProtected = tag.explainingProtection(error) else { throw error }
                report = nil
            }
            protection = try tag.readProtection()
            signature = tag.product.hasExtendedCommands ? try tag.readSignature() : nil
        } catch {
            throw session.failure(error)
        }
        let verdict = signature.map { OriginalityVerdict(signature: $0, uid: session.target.uid) }
        if json {
            print(Self.object(
                product: tag.product.rawValue, uid: session.target.uid, device: session.reader.spec.description,
                info: session.target.info, family: .type2(tag.product), version: tag.version, members: [
                    ("pageCount", .int(tag.product.pageCount)),
                    ("ndefSupported", .bool(true)),
                    ("ndefStatus", report.map { .string($0.status.rawValue) } ?? .null),
                    ("capacity", report.map { .int($0.capacity) } ?? .null),
                    ("ndefTLV", report.map { .bool($0.hasNDEFTLV) } ?? .null),
                    ("protectedFrom", protection.firstProtectedPage.map { .int($0) } ?? .null),
                    ("protectsReads", protection.protectsReads.map { .bool($0) } ?? .null),
                    ("attemptLimit", protection.attemptLimit.map { .int(AttemptLimit.attempts(authenticationLimit: $0)) } ?? .null),
                    ("signature", signature.map { .string(Hex.encode($0)) } ?? .null),
                ] + OriginalityVerdict.members(verdict)).text)
            return
        }
        print("Product   \(tag.product.rawValue)")
        print("UID       \(Hex.encode(session.target.uid))")
        print("Version   " + (tag.version.map { Hex.encode($0) } ?? "(no GET_VERSION)"))
        print("Memory    \(tag.product.pageCount) pages of 4 bytes")
        if tag.product == .ultralightAES {
            print("NDEF      " + (report.map(Self.describe) ?? "unknown: protected from page \(protection.firstProtectedPage ?? 0) (needs the card's AES key)"))
            print("AES keys  " + Self.describeAES(protection))
        } else {
            print("NDEF      " + Self.describe(report, protection))
            if tag.product.configurationPage != nil { print("Password  " + Self.describe(protection)) }
        }
        print("Signature " + (signature.map { Hex.encode($0) } ?? "(none: no READ_SIG)"))
        if let verdict { print("Genuine   " + verdict.text) }
    }

    /// What a Type 1, 3 or 4 tag is, its GetVersion when it is an ISO-DEP Type A card, and its
    /// NDEF status and capacity from its tag layer.
    private func describe(_ card: NDEFCardSession) throws(CLIError) {
        try card.refusePassword(credentials)
        let report: NDEFStatusReport
        let signature: [UInt8]?
        do throws(TagFailure) {
            report = try card.tag.ndefStatus()
            signature = try Self.readSignature(of: card)
        } catch {
            throw .tag(error)
        }
        let verdict = signature.map { OriginalityVerdict(signature: $0, uid: card.info.identifier) }
        let identity = card.card.identity
        if json {
            print(Self.object(
                product: card.family.name, uid: card.info.identifier, device: card.reader.spec.description, info: card.info, family: card.family,
                version: identity.version?.bytes, members: [
                    ("pageCount", .null), ("ndefSupported", .bool(report.status != .notSupported)), ("ndefStatus", .string(report.status.rawValue)),
                    ("capacity", .int(report.capacity)), ("ndefTLV", .bool(report.hasNDEFTLV)),
                    ("protectedFrom", .null), ("protectsReads", .null), ("attemptLimit", .null),
                    ("signature", signature.map { .string(Hex.encode($0)) } ?? .null),
                ] + OriginalityVerdict.members(verdict)).text)
            return
        }
        print("Card      \(card.family.name)")
        print("Bytes     \(CardText.activation(card.info))")
        if CardIdentity.asksVersion(card.info) { print("Version   " + Self.describe(identity.version)) }
        print("Type      " + (card.family.nfcForumType.map { "NFC Forum Type \($0)" } ?? "not an NFC Forum tag type"))
        print("NDEF      " + Self.describe(report))
        if let signature {
            print("Signature " + Hex.encode(signature))
            if let verdict { print("Genuine   " + verdict.text) }
        }
    }

    /// The originality signature of an ISO-DEP card that answers Read_Sig without a key
    /// (NTAG 424 DNA, DESFire EV2, EV3, Light), nil for another card; after its NDEF status,
    /// so that a DESFire's return to its PICC level does not disturb the NDEF read.
    private static func readSignature(of card: NDEFCardSession) throws(TagFailure) -> [UInt8]? {
        guard let type4 = card.tag as? Type4Tag, let reader = EV2OriginalitySignature(family: card.family, exchange: type4.exchange) else {
            return nil
        }
        return try reader.readOriginalitySignature()
    }

    /// What a card of another family than Type 2 is, its GetVersion when it is an ISO-DEP
    /// Type A card, and that its NDEF is not read.
    private func describe(_ card: OtherCard) {
        let asked = CardIdentity.asksVersion(card.info)
        if json {
            print(Self.object(
                product: card.family.name, uid: card.info.identifier, device: card.device, info: card.info, family: card.family,
                version: card.version?.bytes, members: [
                    ("pageCount", .null), ("ndefSupported", .bool(false)), ("ndefStatus", .null), ("capacity", .null), ("ndefTLV", .null),
                    ("protectedFrom", .null), ("protectsReads", .null), ("attemptLimit", .null), ("signature", .null),
                ] + OriginalityVerdict.members(nil)).text)
            return
        }
        print("Card      \(card.family.name)")
        print("Bytes     \(CardText.activation(card.info))")
        if asked { print("Version   " + Self.describe(card.version)) }
        print("Type      " + (card.family.nfcForumType.map { "NFC Forum Type \($0)" } ?? "not an NFC Forum tag type"))
        print("NDEF      not supported yet on this card: pn532ctl reads NDEF on Type 2 tags, ISO-DEP Type A cards (Type 4), FeliCa (Type 3) and Topaz (Type 1)")
    }

    /// The one object `identify --json` prints for a card of any family: `product`, `uid`,
    /// `device`, `scan`'s activation members, `version` (GET_VERSION or an ISO-DEP card's
    /// GetVersion, null when none), then `members` (the same keys for every family, null
    /// where they do not apply).
    static func object(
        product: String, uid: [UInt8], device: String, info: TargetInfo, family: CardFamily, version: [UInt8]?, members: [(String, JSON)]
    ) -> JSON {
        .object([("product", .string(product)), ("uid", .string(Hex.encode(uid))), ("device", .string(device))]
            + CardText.fields(info, family: family) + [("version", version.map { .string(Hex.encode($0)) } ?? .null)] + members)
    }

    /// The Version line of an ISO-DEP card: its GetVersion's parts, or that it gave none.
    static func describe(_ version: NXPCardVersion?) -> String {
        guard let version else { return "(no GetVersion: not an NXP DESFire or NTAG card)" }
        return "hardware \(Hex.encode(version.hardware.bytes))  software \(Hex.encode(version.software.bytes))  "
            + "production \(Hex.encode(version.production))"
    }

    /// The NDEF line: status and capacity, or why there are none.
    static func describe(_ report: NDEFStatusReport?, _ protection: ProtectionState) -> String {
        guard let report else {
            return "unknown: password-protected from page \(protection.firstProtectedPage ?? 0) (give --password or --secret-file)"
        }
        return describe(report)
    }

    /// The NDEF line of a status report: status and capacity.
    static func describe(_ report: NDEFStatusReport) -> String {
        guard report.status == .notSupported || report.hasNDEFTLV else {
            return "\(report.status.rawValue), no NDEF TLV: run format (capacity \(report.capacity) bytes then)"
        }
        return "\(report.status.rawValue), capacity \(report.capacity) bytes"
    }

    /// The protection line of an Ultralight AES, whose pages from AUTH0 open with its AES key.
    static func describeAES(_ protection: ProtectionState) -> String {
        guard let first = protection.firstProtectedPage else { return "protect nothing (AUTH0 off)" }
        let what = protection.protectsReads.map { $0 ? "reads and writes" : "writes" } ?? "reads and writes"
        return "\(what) from page \(first) need AES authentication"
    }

    /// The protection line.
    static func describe(_ protection: ProtectionState) -> String {
        guard let first = protection.firstProtectedPage else { return "none (AUTH0 off)" }
        let what = protection.protectsReads.map { $0 ? "reads and writes" : "writes" } ?? "reads and writes"
        let limit: String
        switch protection.attemptLimit {
        case nil: limit = "attempt limit unknown (AUTHLIM needs the password to read)"
        case 0?: limit = "no attempt limit"
        case let value?: limit = "\(AttemptLimit.attempts(authenticationLimit: value)) failed attempts disable PWD_AUTH for good (AUTHLIM \(value))"
        }
        return "\(what) protected from page \(first); \(limit)"
    }
}

import Basics
import Crypto
import DoorControl
import FuzzSupport
import NDEF
import NFCCore
import PN532
import PN532ReaderSimulator
import PN532Simulator
import Type2

/// libFuzzer entry point for the whole tag read path, with a tag that answers what the fuzzer
/// likes: the simulated PN532 and tag (in-process, virtual clock), the driver, the door's
/// reader (`DoorReader`: identify, readNDEF, readSignature), the decision (`PolicyDecider`
/// with a UID user, a text user and a token user), then the tag layer once more
/// (identify, queryNDEFStatus, readNDEF, readSignature) on the same session.
///
/// Input (see `Scenario`): the product, flags, the UID, a GET_VERSION and a READ_SIG answer,
/// when the tag leaves the field, a fault per tag command, then the memory from page 3 on.
/// Invariants: no trap; the tag is presented; a grant names a user whose credential really
/// is in what the tag sent: the UID user's UID, the text user's text (UTF-8 or UTF-16), or a
/// token whose MAC, checked here independently, is right for the UID and the site key.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTagReadPath(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let scenario = Scenario(&input)
    let chip = SimulatedPN532(tags: [scenario.tag])
    chip.removeTagAfterCommands = scenario.removeAfterCommands
    let connector = SimulatedReaderConnector(chip: chip)
    let link = connector.link
    let reader = DoorReader(
        connector: connector, timing: DoorReader.Timing(), readsSignature: scenario.readsSignature,
        clock: { link.now })
    reader.readsMessage = scenario.readsMessage

    var presentation: Presentation?
    for _ in 0..<6 where presentation == nil {
        for case .presented(let presented) in reader.service(until: link.now + .milliseconds(500)) {
            presentation = presented
        }
    }
    guard let presentation else { fatalError("the tag was never presented") }
    require(presentation.uid == scenario.tag.uid, "presented UID \(presentation.uid), the tag's is \(scenario.tag.uid)")

    let decider = PolicyDecider(policy: policy, state: DecisionState(), store: nil, localTime: { wednesdayNoon })
    let decision = decider.decide(presentation, at: link.now)
    let sent = sentBytes(chip, uid: scenario.tag.uid)
    if decision.granted { checkGrant(decision, uid: presentation.uid, sent: sent) }

    if let session = connector.session { readAgain(session) }
    return 0
}

/// What the fuzzer chose.
private struct Scenario {
    var tag: SimulatedTag
    var readsSignature: Bool
    var readsMessage: Bool
    var removeAfterCommands: Int?

    init(_ input: inout FuzzInput) {
        let product = TagProduct.type2Products[input.choice(TagProduct.type2Products.count)]
        let flags = input.byte()
        readsSignature = flags & 0x01 != 0
        readsMessage = flags & 0x02 == 0
        let uid: [UInt8] =
            switch input.choice(4) {
            case 0: uidUserUID
            case 1: tokenUID
            case 2: strangerUID
            default: input.bytes(7) + [UInt8](repeating: 0, count: 7)
            }
        tag = SimulatedTag(product: product, uid: Array(uid.prefix(7)))
        var script = TagScript()
        if flags & 0x04 != 0 { script.version = input.run(limit: 16) }
        if flags & 0x08 != 0 { tag.signature = input.run(limit: 40) }
        removeAfterCommands = flags & 0x10 != 0 ? input.choice(24) : nil
        script.faults = (0..<input.choice(12)).map { _ in Self.fault(&input) }
        tag.script = script
        let memory = input.bytes(tag.memory.count - 12)
        tag.memory.replaceSubrange(12..<12 + memory.count, with: memory)
    }

    static func fault(_ input: inout FuzzInput) -> TagFault {
        let kind = input.choice(6)
        let argument = input.byte()
        switch kind {
        case 0: return .none
        case 1: return .nak(argument)
        case 2: return .silent
        case 3: return .truncated(count: Int(argument))
        case 4: return .garbled(offset: Int(argument), mask: input.byte() | 0x01)
        default: return .extended(input.bytes(Int(argument % 8)))
        }
    }
}

private let uidUserUID: [UInt8] = [0x04, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66]
private let tokenUID: [UInt8] = [0x04, 0xA1, 0xB2, 0xC3, 0xD4, 0xE5, 0xF6]
private let strangerUID: [UInt8] = [0x04, 0x99, 0x88, 0x77, 0x66, 0x55, 0x44]
private let text = "open sesame"
private let tokenUser = "token-user"
private let siteKey = SymmetricKey(data: Array("the fuzzing site key, 32 bytes!!".utf8))
/// Wednesday 2026-03-04, 12:00.
private let wednesdayNoon = LocalTime(date: CivilDate(year: 2026, month: 3, day: 4), weekday: .wednesday, minute: 720)

private let policy: DoorPolicy = {
    let users = [
        User(name: "uid-user", credentials: [.uid(uidUserUID)]),
        User(name: "text-user", credentials: [.textEquals(text)]),
        User(name: tokenUser, credentials: [.signedToken]),
    ]
    let security = SecurityConfig(keyFile: "/nonexistent/site.key", lockout: nil)
    let config = DoorConfig(
        reader: ReaderConfig(device: "sim"), relay: RelayConfig(output: LineConfig(line: "GPIO17")), security: security, users: users)
    return DoorPolicy(config: config, tokenKey: siteKey, originalityKey: security.originalityKey.publicKey)
}()

/// The data bytes the tag with `uid` answered, wherever it is now (in the field or gone).
private func sentBytes(_ chip: SimulatedPN532, uid: [UInt8]) -> [UInt8] {
    (chip.field + chip.departedTags).filter { $0.uid == uid }.flatMap { $0.script?.sent ?? [] }
}

/// Checks that the credential of the granted user is in what the tag sent.
private func checkGrant(_ decision: Decision, uid: [UInt8], sent: [UInt8]) {
    switch decision.user {
    case "uid-user":
        require(uid == uidUserUID, "the UID user was granted for UID \(uid)")
    case "text-user":
        let encodings = [Array(text.utf8), text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] },
                         text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }]
        require(encodings.contains { contains(sent, $0) }, "the text user was granted, the tag never sent the text")
    case tokenUser:
        require(holdsValidToken(sent, uid: uid), "the token user was granted without a valid token for \(uid)")
    default:
        fatalError("granted to \(String(describing: decision.user)): \(decision)")
    }
}

/// True when `bytes` hold a token payload for the token user with a right MAC for `uid`.
private func holdsValidToken(_ bytes: [UInt8], uid: [UInt8]) -> Bool {
    let prefix = [0x01, UInt8(tokenUser.utf8.count)] + Array(tokenUser.utf8)
    let fieldsCount = prefix.count + 8
    guard bytes.count >= fieldsCount + 16 else { return false }
    for start in 0...(bytes.count - fieldsCount - 16) where bytes[start..<start + prefix.count].elementsEqual(prefix) {
        let fields = Array(bytes[start..<start + fieldsCount])
        let mac = Array(HMAC<SHA256>.authenticationCode(for: uid + fields, using: siteKey)).prefix(16)
        if bytes[(start + fieldsCount)..<(start + fieldsCount + 16)].elementsEqual(mac) { return true }
    }
    return false
}

private func contains(_ bytes: [UInt8], _ part: [UInt8]) -> Bool {
    guard bytes.count >= part.count else { return false }
    return (0...(bytes.count - part.count)).contains { bytes[$0..<$0 + part.count].elementsEqual(part) }
}

/// The tag layer's other reads, on the door's session.
private func readAgain(_ session: PN532Session) {
    if session.pending != nil { try? session.cancel() }
    guard let target = try? session.listPassiveTargets(maxTargets: 1, timeout: .milliseconds(200)).first,
        let tag = try? Type2Tag.identify(TargetExchange(session: session, target: target))
    else { return }
    _ = try? tag.queryNDEFStatus()
    _ = try? tag.readNDEF(mode: .lenient)
    _ = try? tag.readSignature()
}

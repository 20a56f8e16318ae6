import FuzzSupport
import NFCCore
import NFCTags
import PN532

/// libFuzzer entry point: bytes from the wire into the frame scanner, in chunks whose sizes the
/// fuzzer chooses, then every frame's payload and the raw bytes into every reply decoder.
///
/// Input: a byte `n`, then `n % 8` chunk sizes (1-64 each, used in turn), then the wire bytes.
/// Invariants: the frames and corrupt frames found do not depend on how the bytes are split
/// into reads; the scanner never buffers more than one longest frame; every frame re-encodes
/// to bytes that scan back to it; every reply that decodes encodes back to its payload (or,
/// for GetGeneralStatus, to one that decodes to the same reply); InListPassiveTarget replies
/// of every modulation decode into targets whose card family detection names; InAutoPoll
/// replies read as listed targets are the entries the raw reply holds, each its target data.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFrameScanner(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let sizes = input.bytes(input.choice(8)).map { Int($0 % 64) + 1 }
    let wire = input.rest()

    let whole = scan([wire])
    let chunked = scan(chunks(of: wire, sizes: sizes))
    require(whole == chunked, "the scan depends on the chunk sizes \(sizes): \(whole) vs \(chunked)")

    for case .frame(let frame) in whole {
        guard let encoded = try? frame.encoded() else {
            fatalError("a scanned frame does not encode: \(frame)")
        }
        require(scan([encoded]) == [.frame(frame)], "\(frame) does not scan back from \(encoded)")
        if case .information(_, let payload) = frame { checkReplies(payload) }
    }
    checkReplies(wire)
    return 0
}

/// The results of scanning `chunks`, read one after another.
private func scan(_ chunks: [[UInt8]]) -> [ScanResult] {
    var scanner = FrameScanner()
    var results: [ScanResult] = []
    for chunk in chunks {
        scanner.append(chunk)
        while let result = scanner.next() { results.append(result) }
        require(scanner.bufferedByteCount <= longestFrame, "\(scanner.bufferedByteCount) bytes buffered")
    }
    return results
}

/// Preamble, start code, extended length (5), TFI and payload, DCS, postamble.
private let longestFrame = 2 + 5 + Frame.maximumPayloadCount + 1 + 1 + 1

/// `bytes` cut into pieces of `sizes`, used in turn (one piece when there are none).
private func chunks(of bytes: [UInt8], sizes: [Int]) -> [[UInt8]] {
    guard !sizes.isEmpty else { return [bytes] }
    var pieces: [[UInt8]] = []
    var start = 0
    var turn = 0
    while start < bytes.count {
        let end = min(bytes.count, start + sizes[turn % sizes.count])
        pieces.append(Array(bytes[start..<end]))
        start = end
        turn += 1
    }
    return pieces
}

/// Every reply decoder on `payload`; what decodes must encode back.
/// Card detection and the ATS fields on targets decoded from the wire: a name for each, never
/// a trap.
private func detect(_ list: TargetList) {
    for target in list.targets {
        let family = CardFamily(info: target.info)
        require(!family.name.isEmpty, "no name for \(target)")
        if case let .nfcA(typeA) = target.info, let ats = typeA.ats {
            require(ats.historicalBytes.count < ats.bytes.count, "historical bytes beyond the ATS \(ats.bytes)")
        }
    }
}

private func checkReplies(_ payload: [UInt8]) {
    roundTrip(payload) { () throws(ReplyError) in try FirmwareVersion(payload: payload) }
    roundTrip(payload) { () throws(ReplyError) in try TargetList(payload: payload, modulation: .typeA106, atsIncluded: false) }
    roundTrip(payload) { () throws(ReplyError) in try AutoPollResult(payload: payload) }
    checkAutoPollTargets(payload)
    for modulation in PassiveModulation.allCases {
        roundTrip(payload) { () throws(ReplyError) in try TargetList(payload: payload, modulation: modulation) }
        if let list = try? TargetList(payload: payload, modulation: modulation) { detect(list) }
    }
    roundTrip(payload) { () throws(ReplyError) in try ExchangeReply(payload: payload, command: .inDataExchange) }
    roundTrip(payload) { () throws(ReplyError) in try ExchangeReply(payload: payload, command: .inCommunicateThru) }
    roundTrip(payload) { () throws(ReplyError) in try RegisterValues(payload: payload, count: max(0, payload.count - 1)) }
    for test in DiagnoseTest.allCases {
        roundTrip(payload) { () throws(ReplyError) in try DiagnoseResult(payload: payload, test: test) }
    }
    if let command = payload.first.flatMap({ CommandCode(rawValue: $0 &- 1) }) {
        roundTrip(payload) { () throws(ReplyError) in try EmptyReply(payload: payload, command: command) }
        roundTrip(payload) { () throws(ReplyError) in try StatusReply(payload: payload, command: command) }
    }
    if let status = try? GeneralStatus(payload: payload) {
        require((try? GeneralStatus(payload: status.payload)) == status, "\(status) does not encode back")
    }
}

/// An InAutoPoll reply read into listed targets: as many as the raw reply's entries, each
/// re-encoding to its entry's data, each with a family name.
private func checkAutoPollTargets(_ payload: [UInt8]) {
    guard let list = try? TargetList(autoPollPayload: payload) else { return }
    guard let raw = try? AutoPollResult(payload: payload) else {
        fatalError("an InAutoPoll reply read as targets is not one: \(payload)")
    }
    require(raw.targets.map(\.data) == list.targets.map(\.targetData), "\(list) is not the entries of \(payload)")
    detect(list)
}

/// A reply type with its payload.
private protocol EncodedReply: Equatable {
    var payload: [UInt8] { get }
}

extension FirmwareVersion: EncodedReply {}
extension TargetList: EncodedReply {}
extension AutoPollResult: EncodedReply {}
extension ExchangeReply: EncodedReply {}
extension RegisterValues: EncodedReply {}
extension DiagnoseResult: EncodedReply {}
extension EmptyReply: EncodedReply {}
extension StatusReply: EncodedReply {}

/// Checks that a reply `decode` reads from `payload`, if any, has `payload` as its payload.
private func roundTrip<Reply: EncodedReply>(_ payload: [UInt8], _ decode: () throws(ReplyError) -> Reply) {
    guard let reply = try? decode() else { return }
    require(reply.payload == payload, "\(reply) encodes as \(reply.payload), decoded from \(payload)")
}

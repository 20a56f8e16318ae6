import FuzzSupport
import NFCCore
import NFCTags

/// libFuzzer entry point for the GetVersion decoder of ISO-DEP cards (DESFire, NTAG 424 DNA)
/// and the product naming that reads it.
///
/// Input: three answers, each a length byte (up to 40) and its bytes, then the target's ATQA
/// (2 bytes) and UID length choice.
/// Invariants: no trap; the query sends at most three commands, none after the first answer
/// that is refused, and agrees with the decoder; a decoded version keeps every data byte (7 +
/// 7 + 14 or 15) of the answers without their status words; a family is named from it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzNXPCardVersion(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let answers = (0..<3).map { _ in input.run(limit: 40) }
    let atqa = UInt16(input.byte()) << 8 | UInt16(input.byte())
    let uid = input.choice(2) == 0 ? [0x04] + input.bytes(6) : [0x08] + input.bytes(3)

    let decoded = Result { () throws(NXPCardVersionError) in try NXPCardVersion(answers: answers) }
    let card = ScriptedCard(answers)
    let queried = Result { () throws(NXPCardVersionError) in try NXPCardVersion.query(over: card) }
    require(card.commands <= 3, "the query sent \(card.commands) commands")
    switch (decoded, queried) {
    case let (.success(version), .success(other)):
        require(version == other, "query \(other) and decoder \(version) differ")
        require(card.commands == 3, "a version after \(card.commands) commands")
        let data = answers.flatMap { $0.dropLast(2) }
        require(version.bytes == data, "the version's bytes are not the answers' data")
        require(version.hardware.bytes.count == 7 && version.software.bytes.count == 7, "a part is not 7 bytes")
        require(NXPCardVersion.productionLengths.contains(version.production.count), "part 3 has \(version.production.count) bytes")
    case let (.failure(error), .failure(other)):
        require(error == other, "query failed with \(other), the decoder with \(error)")
        if case let .status(part, _) = error { require(card.commands == part, "\(card.commands) commands for a refusal of part \(part)") }
        if case let .length(part, _) = error { require(card.commands == part, "\(card.commands) commands for part \(part)'s length") }
    default:
        fatalError("query \(queried) and decoder \(decoded) disagree")
    }
    let info = TargetInfo.nfcA(NFCATarget(atqa: atqa, sak: 0x20, uid: uid, ats: AnswerToSelect(bytes: answers[0])))
    for answer in [CardFamily.ProductAnswer.notAsked, .noAnswer, .answer(answers[0])] {
        _ = CardFamily(info: info, version: answer).name
    }
    if case let .success(version) = decoded {
        _ = CardFamily(info: info, version: .answer(version.hardware.bytes)).name
    }
    return 0
}

/// A card that answers each command with the next scripted answer, and counts the commands;
/// past the script it stays silent.
private final class ScriptedCard: TagExchange {
    private let answers: [[UInt8]]
    private(set) var commands = 0

    init(_ answers: [[UInt8]]) {
        self.answers = answers
    }

    var maximumCommandLength: Int { 252 }
    var maximumAnswerLength: Int { 252 }

    func exchange(_ command: [UInt8], answer: TagAnswer) throws(TagExchangeError) -> [UInt8] {
        defer { commands += 1 }
        guard commands < answers.count else { throw .noAnswer }
        return answers[commands]
    }

    func reselect() throws(TagExchangeError) {}
}

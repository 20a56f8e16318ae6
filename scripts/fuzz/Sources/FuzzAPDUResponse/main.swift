import FuzzSupport
import ISO7816
import NFCCore

/// libFuzzer entry point for the response APDU decoding and the exchange's GET RESPONSE / Le
/// correction: a card that answers each command with the next run of the input.
///
/// Input: a limit byte (the Le asked for, 1 … 256), then runs of answer bytes (a length byte,
/// then the bytes).
/// Invariants: no trap; a response returned holds at most 65536 data bytes, and no more than
/// Le when no GET RESPONSE was needed; the rounds stay within the bound.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAPDUResponse(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let expected = input.choice(256) + 1
    var answers: [[UInt8]] = []
    while !input.isAtEnd { answers.append(input.run(limit: 255)) }
    if let first = answers.first, let response = try? ResponseAPDU(bytes: first) {
        require(response.bytes == first, "\(first) does not re-encode")
    }
    let card = RunCard(answers: answers)
    guard let command = try? CommandAPDU(instruction: 0xB0, p1: 0, p2: 0, expectedLength: expected) else { fatalError("a valid Le was refused") }
    if let response = try? card.exchange(command) {
        require(response.data.count <= CommandAPDU.maximumExpectedLength, "\(response.data.count) data bytes")
        if card.commands == 1 { require(response.data.count <= expected, "\(response.data.count) bytes for Le \(expected)") }
    }
    require(card.commands <= maximumResponseRounds + 1, "\(card.commands) commands for one APDU")
    return 0
}

/// A card that answers each command with the next of `answers`, then stays silent.
final class RunCard: TagExchange {
    var answers: [[UInt8]]
    private(set) var commands = 0

    init(answers: [[UInt8]]) {
        self.answers = answers
    }

    var maximumCommandLength: Int { 252 }
    var maximumAnswerLength: Int { 252 }

    func exchange(_ command: [UInt8], answer: TagAnswer) throws(TagExchangeError) -> [UInt8] {
        commands += 1
        guard !answers.isEmpty else { throw .noAnswer }
        return answers.removeFirst()
    }

    func reselect() throws(TagExchangeError) {}
}

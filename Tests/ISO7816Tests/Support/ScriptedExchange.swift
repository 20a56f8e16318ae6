import NFCCore
import Testing
import TestSupport

/// A card that answers from a script written from the specification: each command must be
/// the next one expected, or the test fails and the card stops answering.
final class ScriptedExchange: TagExchange {
    /// An expected command and the card's answer (nil: the card stays silent).
    struct Step {
        let command: [UInt8]
        let answer: [UInt8]?
    }

    private(set) var steps: [Step]
    private(set) var sent: [[UInt8]] = []
    let maximumCommandLength: Int
    let maximumAnswerLength: Int

    init(_ steps: [(String, String?)], maximumCommandLength: Int = 252, maximumAnswerLength: Int = 252) {
        self.steps = steps.map { Step(command: hex($0.0), answer: $0.1.map(hex)) }
        self.maximumCommandLength = maximumCommandLength
        self.maximumAnswerLength = maximumAnswerLength
    }

    /// True when every expected command was sent.
    var isDone: Bool { steps.isEmpty }

    func exchange(_ command: [UInt8], answer: TagAnswer) throws(TagExchangeError) -> [UInt8] {
        sent.append(command)
        guard let step = steps.first else {
            Issue.record("unexpected command \(hexText(command)): the script has ended")
            throw .noAnswer
        }
        guard step.command == command else {
            Issue.record("command \(hexText(command)), the script expects \(hexText(step.command))")
            throw .noAnswer
        }
        steps.removeFirst()
        guard let bytes = step.answer else { throw .noAnswer }
        return bytes
    }

    func reselect() throws(TagExchangeError) {
        Issue.record("unexpected reselect")
        throw .noAnswer
    }
}

/// Upper-case hex with spaces.
func hexText(_ bytes: [UInt8]) -> String {
    bytes.map { byte in
        let digits = String(byte, radix: 16, uppercase: true)
        return digits.count == 1 ? "0" + digits : digits
    }.joined(separator: " ")
}

import NFCCore

/// A card that answers from a script written from the specification: each command must be
/// the next one expected; any other is recorded in ``unexpected`` and goes unanswered.
public final class ScriptedExchange: TagExchange {
    /// An expected command and the card's answer (nil: the card stays silent).
    struct Step {
        let command: [UInt8]
        let answer: [UInt8]?
    }

    private var steps: [Step]
    /// Every command sent, in order.
    public private(set) var sent: [[UInt8]] = []
    /// The commands that were not the next one expected, with what was expected.
    public private(set) var unexpected: [String] = []
    public let maximumCommandLength: Int
    public let maximumAnswerLength: Int

    /// A card expecting `steps` (command, answer; hex text), in order.
    public init(_ steps: [(String, String?)], maximumCommandLength: Int = 252, maximumAnswerLength: Int = 252) {
        self.steps = steps.map { Step(command: hex($0.0), answer: $0.1.map(hex)) }
        self.maximumCommandLength = maximumCommandLength
        self.maximumAnswerLength = maximumAnswerLength
    }

    /// True when every expected command, and no other, was sent.
    public var isDone: Bool { steps.isEmpty && unexpected.isEmpty }

    public func exchange(_ command: [UInt8], answer: TagAnswer) throws(TagExchangeError) -> [UInt8] {
        sent.append(command)
        guard let step = steps.first, step.command == command else {
            unexpected.append(scriptText(command) + ", expected " + (steps.first.map { scriptText($0.command) } ?? "nothing"))
            throw .noAnswer
        }
        steps.removeFirst()
        guard let bytes = step.answer else { throw .noAnswer }
        return bytes
    }

    public func reselect() throws(TagExchangeError) {
        unexpected.append("reselect")
        throw .noAnswer
    }
}

/// Upper-case hex bytes separated by spaces.
private func scriptText(_ bytes: [UInt8]) -> String {
    bytes.map { byte in
        let digits = String(byte, radix: 16, uppercase: true)
        return digits.count == 1 ? "0" + digits : digits
    }.joined(separator: " ")
}

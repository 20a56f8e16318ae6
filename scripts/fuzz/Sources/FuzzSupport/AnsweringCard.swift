import NFCCore

/// A card that answers each command with the next run of the fuzzer's input (at most
/// `answerLimit` bytes), and nothing once the input is used up or a run is empty. It keeps
/// the commands it was sent and what it answered, for a target's invariants.
public final class AnsweringCard: TagExchange {
    /// The input the answers come from.
    public var input: FuzzInput
    /// The longest answer one run gives.
    public let answerLimit: Int
    /// Every command sent, in order.
    public private(set) var commands: [[UInt8]] = []
    /// Every answer given, in order.
    public private(set) var answers: [[UInt8]] = []

    /// A card answering from `input`, runs of up to `answerLimit` bytes.
    public init(_ input: FuzzInput, answerLimit: Int = 255) {
        self.input = input
        self.answerLimit = answerLimit
    }

    public var maximumCommandLength: Int { 252 }
    public var maximumAnswerLength: Int { 252 }

    public func exchange(_ command: [UInt8], answer: TagAnswer) throws(TagExchangeError) -> [UInt8] {
        commands.append(command)
        guard !input.isAtEnd else { throw .noAnswer }
        let bytes = input.run(limit: answerLimit)
        guard !bytes.isEmpty else { throw .noAnswer }
        answers.append(bytes)
        return bytes
    }

    public func reselect() throws(TagExchangeError) {}
}

import NDEF
import PN532
import PN532Simulator
import TagProtocols

/// "NDEF on every family": write + verify then read of a 1 KB message (or the card's
/// capacity) on one simulated card of each NFC Forum type, through its tag layer over the
/// in-process simulated PN532 (virtual clock, deterministic), next to the fewest tag commands
/// the card allows (`FamilyFloor`).
struct FamilyBench {
    /// What a row measured.
    enum Operation: String {
        case writeVerify = "write + verify"
        case read
    }

    /// One measured operation on one card at one rate.
    struct Row {
        var card: FamilyCard
        var operation: Operation
        var bitsPerSecond: Int
        /// The session's counts and the modelled time.
        var cost: OperationCost
        /// Tag commands the simulated chip passed to the card.
        var tagCommands: Int
        /// The fewest tag commands the card allows.
        var floor: Int

        /// PN532 round trips over the floor.
        var ratio: Double { Double(cost.statistics.commands) / Double(max(1, floor)) }
    }

    /// The data bytes one answer and one command of a `TargetExchange` carry (the same for
    /// every card: a normal PN532 frame less its command and status bytes).
    static let answerLimit = Frame.maximumNormalPayloadCount - 2
    static let commandLimit = Frame.maximumNormalPayloadCount - 2

    /// The rates measured.
    static let rates: [BaudRate] = [.bps115200, .bps921600]

    /// Every card in `FamilyCard` order: write + verify at each rate, then read at each rate.
    let rows: [Row]

    /// Measures every card at every rate on a fresh chip.
    init() throws {
        var rows: [Row] = []
        for card in FamilyCard.allCases {
            let measured = try Self.rates.map { rate in try Self.measure(card, rate: rate) }
            rows += measured.map(\.write) + measured.map(\.read)
        }
        self.rows = rows
    }

    /// Starts a chip with the factory `card`, raises the rate to `rate`, polls the card, then
    /// measures writing the message over the factory content (with read-back) and reading it.
    private static func measure(_ card: FamilyCard, rate: BaudRate) throws -> (write: Row, read: Row) {
        let message = try BenchMessage.new.message(length: card.messageLength)
        let reader = SimulatedReader(tag: SimulatedTag(product: card.product))
        try Operations.info(reader.session)
        if rate != .bps115200 { try reader.session.changeBaudRate(to: rate) }
        let (exchange, tag) = try card.select(reader.session)
        guard exchange.maximumAnswerLength == answerLimit, exchange.maximumCommandLength == commandLimit else {
            throw BenchError("the exchange carries \(exchange.maximumAnswerLength) / \(exchange.maximumCommandLength) bytes, not the \(answerLimit) / \(commandLimit) the notes state")
        }
        let status = try tag().ndefStatus()
        guard status.capacity == card.capacity else {
            throw BenchError("the \(card.product.rawValue)'s capacity is \(status.capacity), not the \(card.capacity) the benchmark assumes")
        }
        let before = reader.chip.field.first?.memory ?? []
        var commands = reader.chip.tagCommandCount
        let write = try reader.measure { _ in try tag().writeNDEFMessage(message, verify: true) }
        let writeCommands = reader.chip.tagCommandCount - commands
        let after = reader.chip.field.first?.memory ?? []
        var read: NDEFMessage?
        commands = reader.chip.tagCommandCount
        let readCost = try reader.measure { _ in read = try tag().readNDEFMessage(mode: .strict) }
        guard read == message else { throw BenchError("the \(card.product.rawValue) read back another message than was written") }
        let floors = (
            write: try FamilyFloor.writeVerify(card, messageLength: card.messageLength, commandLimit: exchange.maximumCommandLength,
                                               answerLimit: exchange.maximumAnswerLength, before: before, after: after),
            read: try FamilyFloor.read(card, messageLength: card.messageLength, answerLimit: exchange.maximumAnswerLength, image: after))
        return (
            Row(card: card, operation: .writeVerify, bitsPerSecond: rate.bitsPerSecond, cost: write, tagCommands: writeCommands, floor: floors.write),
            Row(card: card, operation: .read, bitsPerSecond: rate.bitsPerSecond, cost: readCost,
                tagCommands: reader.chip.tagCommandCount - commands, floor: floors.read))
    }
}

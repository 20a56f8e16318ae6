import NDEF
import PN532
import PN532Simulator
import Type2

/// Part C: the Type 2 tag operations on an NTAG216 on the in-process simulator (virtual clock,
/// deterministic), next to their floors (`Floor+Type2.swift`).
struct Type2Bench {
    /// What a row measured, after selection (and identification for the writes).
    enum Operation: String, CaseIterable {
        case read = "identify + read"
        case rewrite = "write + verify over another message"
        case writeEmpty = "write + verify onto an empty tag"
    }

    /// One measured operation for one message length at one rate.
    struct Row {
        var operation: Operation
        var messageLength: Int
        var bitsPerSecond: Int
        /// The session's counts and modelled time, with the Type 2 floor.
        var cost: OperationCost
        /// For the writes: pages whose bytes change, WRITEs sent, pages read back.
        var pages: (changed: Int, written: Int, verified: Int)?
    }

    /// The message lengths measured: a short URI, NTAG213's whole capacity, nfcpy's NTAG215
    /// example, and nearly all of an NTAG216.
    static let messageLengths = [48, 144, 483, 868]
    /// The rates measured.
    static let rates: [BaudRate] = [.bps115200, .bps921600]

    /// Every operation for every message length at every rate, in that order.
    let rows: [Row]

    /// Measures every row, each on a fresh chip and tag.
    init() throws {
        var rows: [Row] = []
        for operation in Operation.allCases {
            for length in Self.messageLengths {
                for rate in Self.rates {
                    rows.append(try Self.measure(operation, messageLength: length, rate: rate))
                }
            }
        }
        self.rows = rows
    }

    /// Starts a chip (default `ChipTiming`) holding what `operation` expects, raises the rate
    /// to `rate`, selects the tag and measures the operation alone.
    private static func measure(_ operation: Operation, messageLength: Int, rate: BaudRate) throws -> Row {
        let message = try BenchMessage.new.message(length: messageLength)
        let before: NDEFMessage? = switch operation {
        case .read: message
        case .rewrite: try BenchMessage.old.message(length: messageLength)
        case .writeEmpty: nil
        }
        let tag = try BenchTag.ntag216(holding: before)
        let reader = SimulatedReader(tag: tag)
        try Operations.info(reader.session)
        if rate != .bps115200 { try reader.session.changeBaudRate(to: rate) }
        guard let target = try Operations.scan(reader.session).first else { throw BenchError("the NTAG216 was not found") }
        let exchange = TargetExchange(session: reader.session, target: target)
        var floor = Floor(bitsPerSecond: rate.bitsPerSecond, timing: ChipTiming())
        var cost: OperationCost
        var pages: (changed: Int, written: Int, verified: Int)?
        if operation == .read {
            var read: NDEFMessage?
            cost = try reader.measure { _ in read = try Type2Tag.identify(exchange).readNDEF() }
            guard read == message else { throw BenchError("read back another message than the tag holds (\(messageLength) bytes)") }
            floor.addType2Read(messageLength: messageLength)
        } else {
            let type2Tag = try Type2Tag.identify(exchange)
            var written: WriteResult?
            cost = try reader.measure { _ in written = try type2Tag.writeNDEF(message, verify: true) }
            guard let result = written else { throw BenchError("the write returned no result") }
            let changed = BenchTag.changedPages(from: tag.memory, to: try BenchTag.image(of: tag.memory, holding: message))
            floor.addType2WriteVerify(changedPages: changed)
            pages = (changed.count, result.pagesWritten, result.pagesVerified)
        }
        cost.floor = floor
        return Row(operation: operation, messageLength: messageLength, bitsPerSecond: rate.bitsPerSecond, cost: cost, pages: pages)
    }
}

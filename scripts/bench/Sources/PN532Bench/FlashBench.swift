import NDEF
import PN532
import PN532Simulator
import Type2

/// Part E: machine time per tag of `pn532ctl flash --lock --yes` with a 100-byte message, on
/// the in-process simulator (virtual clock, deterministic), next to the floor
/// (`FlashFloor.swift`): from the poll that finds the tag to the last lock WRITE, as the flash
/// loop does it (MaxRetries FF, InListPassiveTarget for up to two tags, identify, tear-safe
/// write, read-back, lock). The wait for a tag and for its removal, which is the person's
/// time, is not counted.
struct FlashBench {
    /// One product at one rate.
    struct Row {
        var product: TagProduct
        var bitsPerSecond: Int
        var cost: OperationCost
        /// Pages whose bytes change, WRITEs sent (message and lock), pages read back.
        var pages: (changed: Int, written: Int, verified: Int)
    }

    /// The message's encoded length.
    static let messageLength = 100
    /// The factory-fresh tags measured (NTAG213's factory data starts with a Lock Control TLV,
    /// so its NDEF TLV starts at byte 5).
    static let products: [TagProduct] = [.ntag213, .ntag215]
    /// The rates measured.
    static let rates: [BaudRate] = [.bps115200, .bps921600]

    let rows: [Row]

    /// Measures every product at every rate, each on a fresh chip and tag.
    init() throws {
        var rows: [Row] = []
        for product in Self.products {
            for rate in Self.rates { rows.append(try Self.measure(product, rate: rate)) }
        }
        self.rows = rows
    }

    private static func measure(_ product: TagProduct, rate: BaudRate) throws -> Row {
        let message = try BenchMessage.new.message(length: messageLength)
        let tag = SimulatedTag(product: product)
        let reader = SimulatedReader(tag: tag)
        try Operations.info(reader.session)
        if rate != .bps115200 { try reader.session.changeBaudRate(to: rate) }
        var written: WriteResult?
        var locked: WriteResult?
        var type2Tag: Type2Tag?
        var cost = try reader.measure { session in
            try session.setPassiveActivationRetries(0xFF)
            let targets = try session.listPassiveTargets(maxTargets: 2)
            guard targets.count == 1 else { throw BenchError("\(targets.count) tags found, 1 expected") }
            let identified = try Type2Tag.identify(TargetExchange(session: session, target: targets[0]))
            written = try identified.writeNDEF(message, verify: true)
            locked = try identified.lock()
            type2Tag = identified
        }
        guard let written, let locked, let type2Tag else { throw BenchError("the flash steps returned no result") }
        guard try type2Tag.queryNDEFStatus().status == .readOnly else { throw BenchError("the \(product.name) is not read-only after the lock") }
        let userPages = 4..<type2Tag.product.userMemoryEnd
        let after = try type2Tag.read(pages: userPages)
        let changed = userPages.filter { page in
            after[(page - 4) * 4..<(page - 3) * 4] != tag.memory[page * 4..<page * 4 + 4]
        }
        var floor = Floor(bitsPerSecond: rate.bitsPerSecond, timing: ChipTiming())
        floor.addFlashedTag(changedPages: changed, lockPages: locked.pagesWritten)
        cost.floor = floor
        return Row(product: product, bitsPerSecond: rate.bitsPerSecond, cost: cost,
                   pages: (changed.count, written.pagesWritten + locked.pagesWritten, written.pagesVerified))
    }
}

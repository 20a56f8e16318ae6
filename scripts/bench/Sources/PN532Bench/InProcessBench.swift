import PN532

/// Part A: round trips, bytes and modelled time of each operation on the in-process simulator
/// (virtual clock, deterministic), next to its floor.
struct InProcessBench {
    /// What a row measured.
    enum Operation: String {
        case info
        case scan
        case raiseRate = "rate 115200 → 921600"
    }

    /// One measured operation at one rate.
    struct Row {
        var operation: Operation
        var bitsPerSecond: Int
        var cost: OperationCost
    }

    /// info and scan at 115200 and 921600, and the rate change between them.
    let rows: [Row]
    /// The whole command sequence of each timed pn532ctl run.
    let runs: [CLIRun: OperationCost]

    /// Measures every operation, each on a fresh chip. At 921600 the session starts at
    /// 115200 and raises the rate first; the operation is measured alone.
    init() throws {
        let info = SimulatedReader()
        let infoCost = try info.measure(Operations.info)

        let fastInfo = SimulatedReader()
        try Operations.info(fastInfo.session)
        let raise = try fastInfo.measure(Operations.raiseRate)
        let fastInfoCost = try fastInfo.measure(Operations.info)

        let scan = SimulatedReader()
        try Operations.info(scan.session)
        let scanCost = try Self.scanCost(scan)

        let fastScan = SimulatedReader()
        try Operations.info(fastScan.session)
        try Operations.raiseRate(fastScan.session)
        let fastScanCost = try Self.scanCost(fastScan)

        rows = [
            Row(operation: .info, bitsPerSecond: 115_200, cost: infoCost),
            Row(operation: .info, bitsPerSecond: 921_600, cost: fastInfoCost),
            Row(operation: .scan, bitsPerSecond: 115_200, cost: scanCost),
            Row(operation: .scan, bitsPerSecond: 921_600, cost: fastScanCost),
            Row(operation: .raiseRate, bitsPerSecond: 115_200, cost: raise),
        ]
        var runs: [CLIRun: OperationCost] = [:]
        for run in CLIRun.allCases {
            runs[run] = try SimulatedReader().measure(run.sequence)
        }
        self.runs = runs
    }

    /// The cost of `operation` alone at `bitsPerSecond`.
    func cost(of operation: Operation, at bitsPerSecond: Int) -> OperationCost? {
        rows.first { $0.operation == operation && $0.bitsPerSecond == bitsPerSecond }?.cost
    }

    /// Measures a scan, checking that it found the one tag in the field.
    private static func scanCost(_ reader: SimulatedReader) throws -> OperationCost {
        var found = 0
        let cost = try reader.measure { session throws(PN532Error) in found = try Operations.scan(session).count }
        guard found == 1 else { throw BenchError("scan found \(found) tags on the in-process simulator, expected its one NTAG215") }
        return cost
    }
}

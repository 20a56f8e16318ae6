import NDEF

#if canImport(Glibc)
import Glibc
#endif

/// Part D: wall time of pn532ctl's read and dump and of libnfc's `nfc-mfultralight r` against
/// `pn532ctl sim --tag ntag216` on a pseudo-terminal, after `pn532ctl write` put a 483-byte
/// message on the tag; round trips from the in-process model (pn532ctl) or libnfc's debug log.
struct Type2PTYBench {
    /// The message length on the tag: nfcpy's NTAG215 example (anchors.md).
    static let messageLength = 483

    /// Each timed run; libnfc's is missing when its tool is not installed.
    let times: [Type2Run: WallTimes]
    /// pn532ctl's runs replayed on the in-process simulator holding the same tag.
    let model: [Type2Run: OperationCost]
    /// libnfc's round trips (responses in its LIBNFC_LOG_LEVEL=3 log), when it ran and they
    /// were asked for.
    let libnfcRoundTrips: Int?
    /// Whether libnfc's dump equals pn532ctl's, when it ran.
    let dumpsEqual: Bool?

    /// Starts the simulator, writes the message (at 921600, to save time), times `count` runs
    /// of each command, counts libnfc's round trips in one more run when `countLibnfcRoundTrips`,
    /// and stops the simulator and removes the scratch files, also when a run fails.
    init(pn532ctl: String, count: Int, countLibnfcRoundTrips: Bool) throws {
        let message = try BenchMessage.new.message(length: Self.messageLength)
        model = try Self.replay(holding: message)

        let simulator = try PTYSimulator(pn532ctl: pn532ctl, tags: ["ntag216"])
        defer { simulator.stop() }
        let files = Type2RunFiles(directory: simulator.directory)
        defer { files.remove() }
        try BenchFile.write(message.encoded(), to: files.message)
        try Subprocess.run(pn532ctl, ["write", "--device", "uart:\(simulator.devicePath):921600", "--message", files.message])
        let withLibnfc = access(Type2Run.libnfcTool, X_OK) == 0
        var times: [Type2Run: WallTimes] = [:]
        for run in Type2Run.allCases where run != .libnfc || withLibnfc {
            let command = run.command(pn532ctl: pn532ctl, device: simulator.devicePath, files: files)
            times[run] = try WallTimes.measure(count: count) {
                try Subprocess.run(command.executable, command.arguments, environment: command.environment)
            }
        }
        self.times = times
        guard withLibnfc else {
            libnfcRoundTrips = nil
            dumpsEqual = nil
            return
        }
        dumpsEqual = try BenchFile.read(files.ours) == BenchFile.read(files.theirs)
        libnfcRoundTrips = countLibnfcRoundTrips ? try Self.libnfcRoundTrips(device: simulator.devicePath, files: files) : nil
    }

    /// pn532ctl's runs on the in-process simulator, each with a fresh NTAG216 holding `message`.
    private static func replay(holding message: NDEFMessage) throws -> [Type2Run: OperationCost] {
        var model: [Type2Run: OperationCost] = [:]
        for run in Type2Run.allCases {
            guard let sequence = run.sequence else { continue }
            model[run] = try SimulatedReader(tag: try BenchTag.ntag216(holding: message)).measure(sequence)
        }
        return model
    }

    /// Runs nfc-mfultralight r once more with LIBNFC_LOG_LEVEL=3 and counts the response frames
    /// (`RX: d5 …`) in its log.
    private static func libnfcRoundTrips(device: String, files: Type2RunFiles) throws -> Int {
        try Subprocess.run(Type2Run.libnfcTool, ["r", files.theirs], environment: ["LIBNFC_DEVICE=pn532_uart:\(device)", "LIBNFC_LOG_LEVEL=3"],
                           standardError: files.libnfcLog)
        let log = String(decoding: try BenchFile.read(files.libnfcLog), as: UTF8.self)
        return log.split(separator: "\n").filter { $0.contains("RX: d5") }.count
    }
}

#if canImport(Glibc)
import Glibc
#endif

/// Part H: the fastest read, whole process, side by side in one run: `pn532ctl read --device
/// uart:PATH:921600` and nfcpy 1.0.4 (`nfcpy_read.py`, in the benchmark's own virtual
/// environment) reading the same 483-byte message from the same `pn532ctl sim` NTAG215 on a
/// pseudo-terminal, runs alternating; next to the model's floors.
struct FastReadBench {
    /// The message length: nfcpy's NTAG215 example (anchors.md), as in Part D.
    static let messageLength = Type2PTYBench.messageLength
    /// The environment variable run.sh sets to the virtual environment's python when nfcpy
    /// 1.0.4 is installed there.
    static let nfcpyVariable = "PN532BENCH_NFCPY"

    /// pn532ctl's runs.
    let pn532ctl: WallTimes
    /// nfcpy's runs; nil when it could not run, and why.
    let nfcpy: Result<WallTimes, BenchError>
    /// `pn532ctl --version`: process start alone.
    let processStart: WallTimes
    /// The in-process replay and the floors.
    let model: FastReadModel

    /// Writes the message (untimed), then times `count` runs of each reader, alternating.
    init(pn532ctl binary: String, count: Int) throws {
        let message = try BenchMessage.new.message(length: Self.messageLength)
        model = try FastReadModel(message: message)
        let simulator = try PTYSimulator(pn532ctl: binary, tags: ["ntag215"])
        defer { simulator.stop() }
        let file = simulator.directory + "/message.ndef"
        let notes = simulator.directory + "/notes.txt"
        defer {
            unlink(file)
            unlink(notes)
        }
        try BenchFile.write(message.encoded(), to: file)
        let device = "uart:\(simulator.devicePath):\(FastReadModel.rate.bitsPerSecond)"
        try Subprocess.run(binary, ["write", "--device", device, "--message", file])
        let python = Self.nfcpyPython()
        var ours = WallTimes()
        var theirs = WallTimes()
        var nfcpyFailure: BenchError? = python == nil ? BenchError(Self.nfcpyMissing) : nil
        let clock = ContinuousClock()
        for _ in 0..<count {
            // Its note that the chip was left with CRC off (by nfcpy, just before) goes to `notes`.
            ours.append(try clock.measure { try Subprocess.run(binary, ["read", "--device", device], standardError: notes) })
            guard let python, nfcpyFailure == nil else { continue }
            do {
                theirs.append(try clock.measure {
                    try Subprocess.run(python, [Self.nfcpyScript(python: python), simulator.devicePath, String(Self.messageLength)])
                })
            } catch let error as BenchError {
                nfcpyFailure = error
            }
        }
        self.pn532ctl = ours
        nfcpy = nfcpyFailure.map { .failure($0) } ?? .success(theirs)
        processStart = try WallTimes.measure(count: count) { try Subprocess.run(binary, ["--version"]) }
    }

    /// Why nfcpy did not run when run.sh did not provide it.
    static let nfcpyMissing = "nfcpy 1.0.4 is not installed: \(nfcpyVariable) is unset (scripts/bench/run.sh installs it from PyPI "
        + "into scripts/bench/.venv, except with --quick)"

    /// The python of the virtual environment holding nfcpy, from run.sh.
    private static func nfcpyPython() -> String? {
        guard let value = getenv(nfcpyVariable) else { return nil }
        let path = String(cString: value)
        return path.isEmpty ? nil : path
    }

    /// `nfcpy_read.py`, in scripts/bench, which holds the virtual environment (`.venv/bin/python`).
    private static func nfcpyScript(python: String) -> String {
        python.split(separator: "/", omittingEmptySubsequences: false).dropLast(3).joined(separator: "/") + "/nfcpy_read.py"
    }
}

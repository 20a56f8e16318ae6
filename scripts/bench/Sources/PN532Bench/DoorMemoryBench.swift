#if canImport(Glibc)
import Glibc
#endif

/// Part I: the resident memory of the binary `scripts/install.sh` installs (the static Swift
/// standard library build of scripts/release-build, which run.sh builds too): `pn532ctl --version` (its peak,
/// from wait4), `door run` idle against `pn532ctl sim` on a pty (a separate process, so the
/// simulator's memory is not counted), and the same door after a soak of presentations, each
/// against the issue's target. The soak presents an NTAG213 whose UID cycles through one
/// listed user and three strangers (every presentation a decision, a quarter of them grants),
/// waits for its decision in the operational log, and takes it away; the next tag comes as the door's
/// presence check (every 150 ms) sees the last one gone, so 10,000 presentations take about
/// half an hour.
struct DoorMemoryBench {
    /// The issue's targets, in KiB.
    static let idleTarget = 10 * 1024
    static let soakTarget = 12 * 1024

    /// Peak resident KiB of `pn532ctl --version`.
    let versionPeakKiB: Int
    /// VmRSS and VmHWM of the door, idle with a reader, in KiB.
    let idle: (rss: Int, peak: Int)
    /// VmRSS and VmHWM after the soak, in KiB.
    let soaked: (rss: Int, peak: Int)
    let presentations: Int
    /// Wall time of the soak.
    let soakTime: Duration

    private static let listed = "04A1A1A1A1A1A1"
    private static let uids = [listed, "04B0000001A1A1", "04B0000002A1A1", "04B0000003A1A1"]

    init(pn532ctl: String, presentations: Int) throws(BenchError) {
        versionPeakKiB = try Self.peakKiB(pn532ctl, ["--version"])
        let simulator = try PTYSimulator(pn532ctl: pn532ctl, empty: true, controlled: true)
        defer { simulator.stop() }
        let extra = "[security]\nlockout = false\n[[users]]\nname = \"alice\"\nuid = [\"\(Self.listed)\"]\n"
        let files = try DoorFiles(directory: simulator.directory, device: simulator.devicePath, inputs: false, extra: extra)
        defer { files.remove() }
        let door = try Subprocess(pn532ctl, ["door", "run", "--config", files.config], standardError: files.log)
        defer {
            door.terminate()
            door.wait()
        }
        try files.waitForLog("reader ready", process: door)
        sleep(6)  // past the first health check
        idle = try DoorIdleBench.residentMemory(door.id)
        let log = try DecisionTail(path: files.log)
        let clock = ContinuousClock()
        let start = clock.now
        for index in 0..<presentations {
            let before = log.decisions
            try simulator.control("present ntag213:uid=" + Self.uids[index % Self.uids.count])
            try log.wait(beyond: before, process: door)
            try simulator.control("remove")
        }
        soakTime = clock.now - start
        self.presentations = presentations
        soaked = try DoorIdleBench.residentMemory(door.id)
    }

    /// The peak resident KiB of a run of `executable` (ru_maxrss), which must exit 0.
    private static func peakKiB(_ executable: String, _ arguments: [String]) throws(BenchError) -> Int {
        let process = try Subprocess(executable, arguments)
        var status: Int32 = 0
        var usage = rusage()
        guard wait4(process.id, &status, 0, &usage) == process.id, status == 0 else {
            throw BenchError("`\(executable) \(arguments.joined(separator: " "))` failed")
        }
        return usage.ru_maxrss
    }

    static func print(_ bench: DoorMemoryBench) {
        func mebibytes(_ kibibytes: Int) -> String { Format.fixed(Double(kibibytes) / 1024, digits: 1) + " MiB" }
        func verdict(_ kibibytes: Int, _ target: Int) -> String { kibibytes <= target ? "met" : "MISSED" }
        Swift.print("### Resident memory of the installed build (scripts/release-build, as scripts/install.sh builds it)")
        Swift.print()
        Swift.print(Format.row(["what", "RSS", "peak RSS", "target", ""]))
        Swift.print("|---|---:|---:|---:|---|")
        Swift.print(Format.row(["`pn532ctl --version`", "", mebibytes(bench.versionPeakKiB), "(14.4 MiB in issue 25)", ""]))
        Swift.print(Format.row([
            "`door run` idle with a reader", mebibytes(bench.idle.rss), mebibytes(bench.idle.peak), "≤ " + mebibytes(idleTarget),
            verdict(bench.idle.rss, idleTarget),
        ]))
        Swift.print(Format.row([
            "`door run` after \(bench.presentations) presentations", mebibytes(bench.soaked.rss), mebibytes(bench.soaked.peak),
            "≤ " + mebibytes(soakTarget), verdict(bench.soaked.rss, soakTarget),
        ]))
        Swift.print()
        let seconds = Double(bench.soakTime.components.seconds) + Double(bench.soakTime.components.attoseconds) / 1e18
        Swift.print("""
            - RSS is VmRSS, peak RSS VmHWM (for `--version`, ru_maxrss at its exit). The door is idle 6 s after \
            "reader ready" (past a health check), against `pn532ctl sim --empty` on a pty in its own process. The \
            soak took \(Format.fixed(seconds, digits: 0)) s (\(Format.fixed(seconds * 1000 / Double(max(bench.presentations, 1)), digits: 0)) \
            ms a presentation: the door's presence check, every 150 ms, sees each tag leave). The peak is start-up's: \
            the door gives its program's read-only pages back once it is ready (`StartupPages`), and only what its \
            loop runs comes back.
            """)
    }
}

/// The door's operational log, followed: its decisions (`granted …` and `denied …` notices)
/// counted as they are appended. (The audit log folds repeated denials into a summary.)
final class DecisionTail {
    private let descriptor: Int32
    private(set) var decisions = 0
    private var pending: [UInt8] = []
    private var buffer = [UInt8](repeating: 0, count: 65_536)
    private static let markers = [" notice: granted ", " notice: denied "]

    init(path: String) throws(BenchError) {
        descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw BenchError("cannot open \(path): \(String(cString: strerror(errno)))") }
        count()
    }

    deinit { close(descriptor) }

    private func count() {
        while true {
            let read = Glibc.read(descriptor, &buffer, buffer.count)
            guard read > 0 else { return }
            pending += buffer[..<read]
            while let end = pending.firstIndex(of: 0x0A) {
                let line = String(decoding: pending[..<end], as: UTF8.self)
                pending.removeSubrange(...end)
                if Self.markers.contains(where: { line.contains($0) }) { decisions += 1 }
            }
        }
    }

    /// Waits until the log holds more than `known` decisions (at most 10 s), or the process ends.
    func wait(beyond known: Int, process: Subprocess) throws(BenchError) {
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(10)
        while decisions <= known {
            guard clock.now < deadline, !process.hasExited else {
                throw BenchError("`pn532ctl door run` logged no decision within 10 s (\(decisions) so far)")
            }
            usleep(2_000)
            count()
        }
    }
}

#if canImport(Glibc)
import Glibc
#endif

/// Part F: `pn532ctl door run` waiting for a tag against `pn532ctl sim` on a pty with an
/// empty field: its CPU time over a window (from /proc/PID/stat) and its resident memory
/// (VmRSS, and the peak VmHWM), with and without inputs to sample (exit button and door
/// contact in a sysfs tree of files; character-device inputs are waited on as edge events), and
/// with the polling of FeliCa, type B and Jewel turned off.
struct DoorIdleBench {
    struct Row {
        var variant: String
        var seconds: Int
        /// CPU time used in the window, user + system.
        var cpu: Duration
        var residentKiB: Int
        var peakKiB: Int
    }

    let rows: [Row]

    init(pn532ctl: String, seconds: Int) throws(BenchError) {
        rows = [
            try Self.measure(pn532ctl: pn532ctl, seconds: seconds, inputs: false, otherFamilies: true),
            try Self.measure(pn532ctl: pn532ctl, seconds: seconds, inputs: false, otherFamilies: false),
            try Self.measure(pn532ctl: pn532ctl, seconds: seconds, inputs: true, otherFamilies: true),
        ]
    }

    private static func measure(pn532ctl: String, seconds: Int, inputs: Bool, otherFamilies: Bool) throws(BenchError) -> Row {
        let simulator = try PTYSimulator(pn532ctl: pn532ctl, empty: true)
        defer { simulator.stop() }
        let directory = simulator.directory
        let files = try DoorFiles(directory: directory, device: simulator.devicePath, inputs: inputs, otherFamilies: otherFamilies)
        defer { files.remove() }
        let door = try Subprocess(pn532ctl, ["door", "run", "--config", files.config], standardError: files.log)
        defer {
            door.terminate()
            door.wait()
        }
        try files.waitForLog("reader ready", process: door)
        let start = try cpuTime(door.id)
        sleep(UInt32(seconds))
        let end = try cpuTime(door.id)
        let memory = try residentMemory(door.id)
        let variant = (inputs ? "reader + 2 inputs" : "reader only") + (otherFamilies ? "" : ", other_families = false")
        return Row(variant: variant, seconds: seconds, cpu: end - start, residentKiB: memory.rss, peakKiB: memory.peak)
    }

    /// utime + stime of `pid`.
    static func cpuTime(_ pid: pid_t) throws(BenchError) -> Duration {
        let text = String(decoding: try BenchFile.read("/proc/\(pid)/stat"), as: UTF8.self)
        // Fields after the command name (which is in parentheses and may hold spaces).
        guard let close = text.lastIndex(of: ")") else { throw BenchError("/proc/\(pid)/stat: no command name") }
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else {
            throw BenchError("/proc/\(pid)/stat: unexpected format")
        }
        let ticks = sysconf(Int32(_SC_CLK_TCK))
        return .milliseconds((user + system) * 1000 / ticks)
    }

    /// VmRSS and VmHWM of `pid`, in KiB.
    static func residentMemory(_ pid: pid_t) throws(BenchError) -> (rss: Int, peak: Int) {
        let text = String(decoding: try BenchFile.read("/proc/\(pid)/status"), as: UTF8.self)
        func field(_ name: String) -> Int {
            guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix(name + ":") }) else { return 0 }
            return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
        }
        return (field("VmRSS"), field("VmHWM"))
    }

    static func print(_ bench: DoorIdleBench) {
        Swift.print("### door run: idle CPU and memory against `pn532ctl sim` on a pty, empty field (wall clock)")
        Swift.print()
        Swift.print(Format.row(["variant", "window", "CPU time", "CPU", "RSS", "peak RSS"]))
        Swift.print("|---|---:|---:|---:|---:|---:|")
        for row in bench.rows {
            let milliseconds = Double(row.cpu.nanoseconds) / 1_000_000
            Swift.print(Format.row([
                row.variant, "\(row.seconds) s", Format.fixed(milliseconds, digits: 0) + " ms",
                Format.fixed(milliseconds / 10 / Double(row.seconds), digits: 3) + " %",
                Format.fixed(Double(row.residentKiB) / 1024, digits: 1) + " MiB", Format.fixed(Double(row.peakKiB) / 1024, digits: 1) + " MiB",
            ]))
        }
        Swift.print()
        Swift.print("""
            - The PN532 waits for a tag itself, cycling through type A, FeliCa 212/424, type B and Jewel (InAutoPoll, \
            PollNr FF; with other_families = false, InListPassiveTarget with MaxRetries FF for type A): the loop sleeps \
            in ppoll on the pty, the signalfd and its deadlines. What wakes it: the reader's health check every 5 s (a \
            GetFirmwareVersion round trip after cancelling the poll, then the poll again) and, with sysfs inputs, a \
            sample of the input lines every 50 ms (two value files here). Inputs on the character device are not \
            sampled: the loop polls their edge-event fds, which this machine (no /dev/gpiochip*) cannot measure. \
            CPU time is counted in clock ticks (\(sysconf(Int32(_SC_CLK_TCK))) per second).
            """)
    }
}

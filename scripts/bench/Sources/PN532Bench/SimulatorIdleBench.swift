#if canImport(Glibc)
import Glibc
#endif

/// Part G: pn532ctl commands waiting on the in-process simulator, whose one tag never leaves:
/// `scan --watch` (on `sim`, `sim-i2c` and `sim-spi`) and `flash` after its first tag. Their processor
/// time over a window after a second of start-up (from /proc/PID/stat), per wall second.
struct SimulatorIdleBench {
    struct Row {
        var command: String
        var seconds: Int
        /// Processor time used in the window, user + system.
        var cpu: Duration
    }

    let rows: [Row]

    init(pn532ctl: String, seconds: Int) throws(BenchError) {
        let commands = [
            ["scan", "--watch", "--device", "sim"],
            ["scan", "--watch", "--device", "sim-i2c"],
            ["scan", "--watch", "--device", "sim-spi"],
            ["flash", "--count", "50", "--text", "hello", "--device", "sim"],
        ]
        var rows: [Row] = []
        for arguments in commands {
            rows.append(try Self.measure(pn532ctl: pn532ctl, arguments, seconds: seconds))
        }
        self.rows = rows
    }

    private static func measure(pn532ctl: String, _ arguments: [String], seconds: Int) throws(BenchError) -> Row {
        let process = try Subprocess(pn532ctl, arguments)
        defer {
            process.terminate()
            process.wait()
        }
        sleep(1)
        let start = try DoorIdleBench.cpuTime(process.id)
        sleep(UInt32(seconds))
        let end = try DoorIdleBench.cpuTime(process.id)
        return Row(command: "`pn532ctl " + arguments.joined(separator: " ") + "`", seconds: seconds, cpu: end - start)
    }

    static func print(_ bench: SimulatorIdleBench) {
        Swift.print("### Waiting on the in-process simulator: processor time while its one tag stays (wall clock)")
        Swift.print()
        Swift.print(Format.row(["command", "window", "CPU time", "CPU"]))
        Swift.print("|---|---:|---:|---:|")
        for row in bench.rows {
            let milliseconds = Double(row.cpu.nanoseconds) / 1_000_000
            Swift.print(Format.row([
                row.command, "\(row.seconds) s", Format.fixed(milliseconds, digits: 0) + " ms",
                Format.fixed(milliseconds / 10 / Double(row.seconds), digits: 2) + " %",
            ]))
        }
        Swift.print()
        Swift.print("""
            - The in-process simulator runs in real time (`SimulatorClock.realTime`): a wait on it sleeps until the \
            monotonic clock gets there. What wakes these commands: the field is listed again every 100 ms while the tag \
            stays (an InListPassiveTarget round trip through the simulator); on `sim-i2c` and `sim-spi` the link also polls the \
            chip's status byte between, as on a real I2C or SPI bus. Before, the simulator's virtual clock ran at full speed \
            and each of these used a whole processor. CPU time is counted in clock ticks \
            (\(sysconf(Int32(_SC_CLK_TCK))) per second).
            """)
    }
}

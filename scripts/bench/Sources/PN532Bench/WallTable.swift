/// Prints Part B: wall times of the pn532ctl runs next to the in-process model.
enum WallTable {
    /// Prints the table of `count` runs per command and its notes.
    static func print(_ bench: PTYBench, model: InProcessBench, count: Int) {
        Swift.print("### pn532ctl against `pn532ctl sim` on a pty (real time, \(count) runs each)")
        Swift.print()
        Swift.print(Format.row(["run", "median ms", "min ms", "operation modelled ms", "run modelled ms",
                                "run round trips", "median − run modelled ms"]))
        Swift.print("|---|---:|---:|---:|---:|---:|---:|")
        Swift.print(Format.row(["`pn532ctl --help` (process start, no device)", Format.fixed(bench.processStart.median, digits: 1),
                                Format.fixed(bench.processStart.minimum, digits: 1), "—", "—", "0", "—"]))
        for run in CLIRun.allCases {
            guard let times = bench.runs[run], let sequence = model.runs[run],
                  let operation = model.cost(of: run.measured.operation, at: run.measured.bitsPerSecond) else { continue }
            let runModelled = Double(sequence.modelled.nanoseconds) / 1_000_000
            Swift.print(Format.row([
                run.label, Format.fixed(times.median, digits: 1), Format.fixed(times.minimum, digits: 1),
                Format.milliseconds(operation.modelled, digits: 2), Format.fixed(runModelled, digits: 2),
                String(sequence.statistics.commands), Format.fixed(times.median - runModelled, digits: 1),
            ]))
        }
        Swift.print()
        Swift.print("""
            - operation modelled: the operation alone, from the table above (info, or scan at the run's rate).
            - run modelled: the same model for everything the run sends: wake-up, SAMConfiguration, \
            GetFirmwareVersion at 115200, SetSerialBaudRate for :921600, the operation, then back to 115200 and \
            RFConfiguration field off when the run used RF (scan; not info).
            - Wall time adds process start (the --help row), opening and configuring the pty, and the real-time \
            simulator's scheduling; on the pty the host's bytes \
            reach the chip without UART time.
            """)
    }
}

/// Part B: wall time of pn532ctl runs as subprocesses against `pn532ctl sim` on a
/// pseudo-terminal, where the simulated chip paces its bytes in real time.
struct PTYBench {
    /// `pn532ctl --help`: starting the process, no device.
    let processStart: WallTimes
    /// Each timed run.
    let runs: [CLIRun: WallTimes]

    /// Starts the simulator, times `count` runs of each command and stops the simulator,
    /// also when a run fails.
    init(pn532ctl: String, count: Int) throws {
        let simulator = try PTYSimulator(pn532ctl: pn532ctl)
        defer { simulator.stop() }
        // Untimed: wakes the chip, so that every timed run finds it in the same state.
        try Subprocess.run(pn532ctl, CLIRun.info.arguments(device: simulator.devicePath))
        processStart = try WallTimes.measure(count: count) { try Subprocess.run(pn532ctl, ["--help"]) }
        var runs: [CLIRun: WallTimes] = [:]
        for run in CLIRun.allCases {
            runs[run] = try WallTimes.measure(count: count) { try Subprocess.run(pn532ctl, run.arguments(device: simulator.devicePath)) }
        }
        self.runs = runs
    }
}

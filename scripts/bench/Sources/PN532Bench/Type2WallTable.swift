import Type2

/// Prints Part D: wall times of the Type 2 runs on the pty, with round trips and the model.
enum Type2WallTable {
    /// Prints the table of `count` runs per command and its notes.
    static func print(_ bench: Type2PTYBench, count: Int) {
        Swift.print("### Reading an NTAG216 holding a \(Type2PTYBench.messageLength)-byte message on `pn532ctl sim` "
            + "over a pty (real time, 115200, \(count) runs each)")
        Swift.print()
        Swift.print(Format.row(["run", "median ms", "min ms", "round trips", "run modelled ms", "median − run modelled ms"]))
        Swift.print("|---|---:|---:|---:|---:|---:|")
        for run in Type2Run.allCases {
            guard let times = bench.times[run] else { continue }
            let model = bench.model[run]
            let modelled = model.map { Double($0.modelled.nanoseconds) / 1_000_000 }
            let roundTrips = model.map { $0.statistics.commands } ?? (run == .libnfc ? bench.libnfcRoundTrips : nil)
            Swift.print(Format.row([
                run.label, Format.fixed(times.median, digits: 1), Format.fixed(times.minimum, digits: 1),
                roundTrips.map(String.init) ?? "—", modelled.map { Format.fixed($0, digits: 2) } ?? "—",
                modelled.map { Format.fixed(times.median - $0, digits: 1) } ?? "—",
            ]))
        }
        Swift.print()
        if bench.times[.libnfc] == nil {
            Swift.print("- libnfc not timed: \(Type2Run.libnfcTool) is missing (scripts/test installs libnfc-bin).")
        }
        Swift.print("""
            - The tag was written once, untimed, with `pn532ctl write --device uart:PATH:921600 --message FILE`.
            - round trips: commands with a response. pn532ctl's come from replaying its command sequence on the \
            in-process simulator (open, poll for up to two tags, GET_VERSION, the read, close), which also gives \
            run modelled; libnfc's from one extra run with LIBNFC_LOG_LEVEL=3 (response frames in its log), \
            full runs only.
            - Wall time adds process start (about 5 ms, the --help row above) and the real-time simulator's \
            scheduling, but lacks the host's UART time, which the model counts: on the pty the host's bytes reach \
            the chip at once. So median − run modelled can be negative.
            - dump and nfc-mfultralight r both read all 231 pages: pn532ctl by FAST_READ, \(Floor.fastReadPageLimit) pages a command; \
            libnfc by READ, 4 pages a command, with GET_VERSION in raw mode and its own set-up around it.
            """ + (bench.dumpsEqual.map { "\n- The two .mfd dumps are \($0 ? "identical" : "DIFFERENT")." } ?? ""))
    }
}

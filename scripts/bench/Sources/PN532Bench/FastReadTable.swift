/// Prints Part H: the fastest read, pn532ctl beside nfcpy, and the ratios to the targets.
enum FastReadTable {
    /// At least this many times faster than nfcpy (issue 25).
    static let nfcpyTarget = 5.0
    /// At most this much above the floor of the frames a read must exchange (issue 25).
    static let floorTarget = 1.15

    /// Prints the table of `count` runs per reader and its notes.
    static func print(_ bench: FastReadBench, count: Int) {
        let rate = FastReadModel.rate.bitsPerSecond
        Swift.print("### The fastest read: \(FastReadBench.messageLength)-byte message from an NTAG215 on `pn532ctl sim` over a pty "
            + "at \(rate), whole process, pn532ctl and nfcpy 1.0.4 alternating (\(count) runs each)")
        Swift.print()
        Swift.print(Format.row(["run", "median ms", "min ms"]))
        Swift.print("|---|---:|---:|")
        Swift.print(Format.row(["`pn532ctl read --device uart:PATH:\(rate)`", Format.fixed(bench.pn532ctl.median, digits: 1),
                                Format.fixed(bench.pn532ctl.minimum, digits: 1)]))
        if case .success(let nfcpy) = bench.nfcpy {
            Swift.print(Format.row(["nfcpy 1.0.4 `clf.connect(rdwr=…)`, `tag.ndef` (`nfcpy_read.py PATH`)",
                                    Format.fixed(nfcpy.median, digits: 1), Format.fixed(nfcpy.minimum, digits: 1)]))
        }
        Swift.print(Format.row(["`pn532ctl --version` (process start)", Format.fixed(bench.processStart.median, digits: 1),
                                Format.fixed(bench.processStart.minimum, digits: 1)]))
        Swift.print(Format.row(["model: the same read on the in-process simulator (\(bench.model.commands) round trips)",
                                Format.milliseconds(bench.model.modelled, digits: 1), "—"]))
        Swift.print(Format.row(["floor of the frames a read must exchange", Format.milliseconds(bench.model.mustFloor, digits: 1), "—"]))
        Swift.print(Format.row(["floor with start-up's ownership checks at \(rate)", Format.milliseconds(bench.model.ownedFloor, digits: 1), "—"]))
        Swift.print()
        let floor = Double(bench.model.mustFloor.nanoseconds) / 1_000_000
        let overFloor = bench.pn532ctl.median / floor
        let modelOverFloor = Double(bench.model.modelled.nanoseconds) / Double(max(1, bench.model.mustFloor.nanoseconds))
        let modelOverOwned = Double(bench.model.modelled.nanoseconds) / Double(max(1, bench.model.ownedFloor.nanoseconds))
        let overOwned = bench.pn532ctl.median / (Double(bench.model.ownedFloor.nanoseconds) / 1_000_000)
        switch bench.nfcpy {
        case .success(let nfcpy):
            let faster = nfcpy.median / bench.pn532ctl.median
            Swift.print("- pn532ctl is ×\(Format.fixed(faster, digits: 2)) faster than nfcpy 1.0.4 (medians; target ≥ ×\(Format.fixed(nfcpyTarget, digits: 0))): "
                + (faster >= nfcpyTarget ? "met" : "NOT MET") + ".")
        case .failure(let error):
            Swift.print("- **WARNING: nfcpy was NOT run, so there is no ratio to it: \(error)**")
        }
        Swift.print("- pn532ctl's median is \(Format.fixed(overFloor, digits: 2))× the floor of the frames a read must exchange "
            + "(target ≤ \(Format.fixed(floorTarget, digits: 2))×): " + (overFloor <= floorTarget ? "met" : "NOT MET") + "; "
            + "the model's is \(Format.fixed(modelOverFloor, digits: 2))×.")
        Swift.print("- With start-up's ownership checks in the floor: the median is \(Format.fixed(overOwned, digits: 2))×, "
            + "the model \(Format.fixed(modelOverOwned, digits: 3))× (what is left is the 1 ms UART switch at each SetSerialBaudRate).")
        Swift.print("""
            - Floor: each frame's wire time at 10 bits a byte at the rate it travels at (115200 until SetSerialBaudRate, \
            \(rate) after it), the chip's modelled ACK delay and processing, air time and activation (`ChipTiming`), plus \
            the 16-byte wake-up preamble; no process start, no host time. The frames a read must exchange: wake-up, \
            SAMConfiguration, SetSerialBaudRate + ACK, InListPassiveTarget, GET_VERSION and the FAST_READs of the TLV and \
            message, RFConfiguration field off, SetSerialBaudRate + ACK.
            - model − floor: the checks pn532ctl's start-up makes because a PN532 is not reset between programs \
            (GetFirmwareVersion, ReadRegister, SetParameters, RF timings, MaxRtyCOM), MaxRetries before the poll, the READ of \
            the CC and lock bytes, and the 1 ms the chip gets to switch its UART at each SetSerialBaudRate. median − model: \
            process start (the --version row), the simulator's real-time scheduling and, when nfcpy runs, one WriteRegister a run: \
            nfcpy, run just before, leaves CRC off for received frames (CIU_RxMode), which start-up puts right.
            - nfcpy runs from PyPI in scripts/bench/.venv (run.sh), found through the simulator's pty by `nfcpy_read.py`; \
            it raises the rate to 921600 itself (stty, SetSerialBaudRate) and puts it back at close.
            """)
    }
}

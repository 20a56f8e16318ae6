import PN532
import PN532Simulator

/// Prints Part A: counts, modelled time and floor of each operation, with the floor's formula.
enum ModelTable {
    /// Prints the table and its notes.
    static func print(_ bench: InProcessBench) {
        Swift.print("### PN532 operations on the in-process simulator (virtual clock, deterministic)")
        Swift.print()
        Swift.print(Format.row(["operation", "rate", "round trips", "bytes sent (floor)", "bytes received (floor)",
                                "resends", "NACKs", "modelled ms", "floor ms", "modelled / floor"]))
        Swift.print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
        for row in bench.rows {
            let cost = row.cost
            let counts = cost.statistics
            Swift.print(Format.row([
                row.operation.rawValue, String(row.bitsPerSecond), String(counts.commands),
                "\(counts.bytesSent) (\(cost.floor.bytesSent))", "\(counts.bytesReceived) (\(cost.floor.bytesReceived))",
                String(counts.resends), String(counts.nacks),
                Format.milliseconds(cost.modelled), Format.milliseconds(cost.floor.time), Format.fixed(cost.ratio, digits: 2),
            ]))
        }
        let timing = ChipTiming()
        Swift.print()
        Swift.print("""
            - floor = Σ over the commands that got a response of wire(command) + ACK delay + \
            max(wire(ACK), processing + RF) + wire(response); wire(n) = n bytes × 10 bits / rate (8N1) for the \
            actual frame sizes; the chip's fixed costs from ChipTiming: ACK delay \(ms(timing.acknowledgementDelay)) ms, \
            processing \(ms(timing.processing)) ms, RF = activation \(ms(timing.activation)) ms per tag \
            InListPassiveTarget found. The chip sends its ACK while it processes, so the ACK's wire time counts \
            only where it is longer. SetSerialBaudRate adds the host's completing ACK.
            - Not in the floor, so in modelled / floor: the wake-up preamble (\(PN532Session.wakeUpPreamble.count) bytes), resends, NACKs and \
            host-side waits (the guard after a rate change).
            - At 921600 the session started at 115200 and raised the rate first; the operation is measured \
            alone, the rate change in its own row. scan = RFConfiguration MaxRetries + InListPassiveTarget \
            (up to 2 targets) with one NTAG215 in the field.
            """)
    }

    private static func ms(_ duration: Duration) -> String {
        Format.milliseconds(duration, digits: 1)
    }
}

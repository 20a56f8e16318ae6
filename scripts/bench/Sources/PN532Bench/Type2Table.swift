import PN532
import PN532Simulator

/// Prints Part C: the Type 2 operations' counts and modelled time next to their floors, with
/// the floors' formulas.
enum Type2Table {
    /// Prints the table and its notes.
    static func print(_ bench: Type2Bench) {
        Swift.print("### Type 2 tag operations on an NTAG216, in-process simulator (virtual clock, deterministic)")
        Swift.print()
        Swift.print(Format.row(["operation", "message bytes", "rate", "round trips (floor)", "bytes sent (floor)",
                                "bytes received (floor)", "pages changed / written / verified", "modelled ms", "floor ms",
                                "modelled / floor"]))
        Swift.print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
        for row in bench.rows {
            let cost = row.cost
            let counts = cost.statistics
            Swift.print(Format.row([
                row.operation.rawValue, String(row.messageLength), String(row.bitsPerSecond),
                "\(counts.commands) (\(cost.floor.commands))", "\(counts.bytesSent) (\(cost.floor.bytesSent))",
                "\(counts.bytesReceived) (\(cost.floor.bytesReceived))",
                row.pages.map { "\($0.changed) / \($0.written) / \($0.verified)" } ?? "—",
                Format.milliseconds(cost.modelled, digits: 2), Format.milliseconds(cost.floor.time, digits: 2),
                Format.fixed(cost.ratio, digits: 2),
            ]))
        }
        let timing = ChipTiming()
        Swift.print()
        Swift.print("""
            - Each message is one record of exactly that many bytes (MIME `text/plain`), in an NDEF TLV from \
            page 4, with a terminator where the CC's data area has room: 868 bytes fill NTAG216's 872-byte area \
            (CC `6D` × 8) without one. identify + read starts after selection (InListPassiveTarget); the writes \
            start after identification too. At 921600 the rate was raised first and the operation is measured alone.
            - write + verify over another message: the tag held an external record of the same length, so every page \
            the TLV covers changes except the TLV header page of a long message (`03 FF 01 E3`, `03 FF 03 64`). Onto an empty tag: the factory image (`03 00 FE`).
            - Floor per command (as the table above): wire(command) + ACK delay + max(wire(ACK), processing + RF) + \
            wire(response), wire(n) = n × 10 / rate, ACK delay \(ms(timing.acknowledgementDelay)) ms, processing \
            \(ms(timing.processing)) ms; RF = air(command, answer + CRC_A) = (bytes × 9 bits) / 106 kbit/s + 2 × 86 µs, \
            plus \(ms(timing.pageWrite)) ms EEPROM per WRITE. GET_VERSION and FAST_READ in InCommunicateThru \
            (`42 …` → `43 00 …`), WRITE in InDataExchange (`40 01 A2 pp d0–d3` → `41 00`).
            - read floor = GET_VERSION + FAST_READ of the pages holding the TLV header and the message, \
            \(Floor.fastReadPageLimit) pages a command (the most a normal frame's answer carries: \
            `43 00` + \(Floor.fastReadPageLimit * 4) data bytes = \(Frame.maximumNormalPayloadCount) payload bytes). It reads no CC or lock bytes.
            - write + verify floor = Σ over the changed pages of one WRITE, + FAST_READ from the first to the last \
            changed page in \(Floor.fastReadPageLimit)-page chunks. It neither reads what the tag held (needed to \
            skip unchanged pages and to find the TLV) nor counts the tear-safe extra WRITEs (length 0 first, the \
            real length last), which the measured write does.
            """)
    }

    private static func ms(_ duration: Duration) -> String {
        Format.milliseconds(duration, digits: 1)
    }
}

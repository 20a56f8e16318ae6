import PN532Simulator

/// Prints Part E: the machine time per provisioned tag next to its floor.
enum FlashTable {
    /// Prints the table and its notes.
    static func print(_ bench: FlashBench) {
        Swift.print("### flash: machine time per tag (\(FlashBench.messageLength)-byte message, write + verify + lock), in-process simulator (virtual clock)")
        Swift.print()
        Swift.print(Format.row(["tag", "rate", "round trips (floor)", "bytes sent (floor)", "bytes received (floor)",
                                "pages changed / written / verified", "modelled ms", "floor ms", "modelled / floor",
                                "tags/min at most"]))
        Swift.print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
        for row in bench.rows {
            let cost = row.cost
            let counts = cost.statistics
            let milliseconds = Double(cost.modelled.nanoseconds) / 1_000_000
            Swift.print(Format.row([
                row.product.name, String(row.bitsPerSecond),
                "\(counts.commands) (\(cost.floor.commands))", "\(counts.bytesSent) (\(cost.floor.bytesSent))",
                "\(counts.bytesReceived) (\(cost.floor.bytesReceived))",
                "\(row.pages.changed) / \(row.pages.written) / \(row.pages.verified)",
                Format.milliseconds(cost.modelled, digits: 2), Format.milliseconds(cost.floor.time, digits: 2),
                Format.fixed(cost.ratio, digits: 2), Format.fixed(60_000 / milliseconds, digits: 1),
            ]))
        }
        Swift.print()
        Swift.print("""
            - Per tag, from the poll that finds it (the tag already in the field) to the last lock WRITE, as \
            `pn532ctl flash --lock --yes` does it: RFConfiguration MaxRetries FF, InListPassiveTarget for up to two \
            tags, GET_VERSION, READ page 2 (lock bytes, CC, first data bytes), the tear-safe WRITEs of the pages that \
            change (length 0 first, the real length last), FAST_READ of them, READ page 2 again, and the lock WRITEs \
            (CC, static lock bytes, dynamic lock bytes). The message is one MIME record of \(FlashBench.messageLength) \
            bytes onto a factory-fresh tag (NTAG213: a Lock Control TLV `01 03 A0 0C 34`, then `03 00 FE`, so the \
            NDEF TLV starts at byte 5 and page 4 does not change; NTAG215: `03 00 FE`). Waiting for the person to present and take away each tag is \
            not counted: tags/min at most = 60 000 / modelled ms.
            - floor = InListPassiveTarget (one activation) + GET_VERSION + one WRITE per changed page + FAST_READ of \
            the changed pages + one WRITE per lock page, each costed as in the tables above (EEPROM \
            \(Format.milliseconds(ChipTiming().pageWrite, digits: 1)) ms per WRITE). It reads neither the CC nor \
            the lock bytes and writes no tear-safe length twice.
            """)
    }
}

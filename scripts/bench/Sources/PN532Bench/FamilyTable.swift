/// Prints "NDEF on every family": counts and modelled time of each card's write + verify and
/// read next to the floor, with the floors' formulas and what is modelled.
enum FamilyTable {
    /// Prints the table and its notes.
    static func print(_ bench: FamilyBench) {
        Swift.print("### NDEF on every family, in-process simulator (virtual clock, deterministic)")
        Swift.print()
        Swift.print(Format.row(["family", "card", "message bytes", "operation", "rate", "round trips", "tag commands",
                                "floor (tag commands)", "round trips / floor", "bytes sent", "bytes received", "modelled ms"]))
        Swift.print("|---|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|")
        for row in bench.rows {
            let counts = row.cost.statistics
            let length = row.card.messageLength
            Swift.print(Format.row([
                row.card.family, "`\(row.card.product.rawValue)`",
                length < FamilyCard.kilobyte ? "\(length) (capacity)" : String(length),
                row.operation.rawValue, String(row.bitsPerSecond), String(counts.commands), String(row.tagCommands),
                String(row.floor), Format.fixed(row.ratio, digits: 2), String(counts.bytesSent), String(counts.bytesReceived),
                Format.milliseconds(row.cost.modelled, digits: 2),
            ]))
        }
        Swift.print()
        Swift.print("""
            - Modelled: each card as the simulator ships it (`pn532ctl sim --tag …`), its tag layer (Type2, Type4, Type3, \
            Type1) driven directly over the in-process simulated PN532 on the UART link model (8N1 at the rate shown, the \
            chip's ACK delay, processing, air time and EEPROM writes of ChipTiming), on the virtual clock: the same numbers \
            every run. The card is polled first (not measured); at 921600 the rate was raised before. write + verify puts \
            the message over the factory content (the layer's own tear-safe procedure, then a read-back compared byte for \
            byte); read then reads it back from a fresh tag value. Type 2 and Type 1 rows include the layer's \
            identification (GET_VERSION, RID).
            - The message is one MIME `text/plain` record of exactly that many bytes: 1024, or the card's NDEF capacity \
            when smaller (NTAG216 868, NTAG 424 DNA's 256-byte file less NLEN 254, FeliCa Lite-S 13 blocks 208, Topaz \
            512 462, Topaz 96 90).
            - round trips: PN532 commands (InDataExchange or InCommunicateThru); tag commands: what the chip passed to \
            the card; bytes: all frames and ACKs on the wire. round trips / floor: round trips over the floor.
            - Floors (tag commands; no identification and no tear-safe extra write, which the layers do): \
            Type 4 = 3 SELECTs (application, CC, NDEF file) + 1 READ BINARY of the CC + ⌈(2 + n) / min(MLe, \
            \(FamilyBench.answerLimit - 2))⌉ READ BINARYs, and for write + verify also ⌈(2 + n) / min(MLc, \
            \(FamilyBench.commandLimit - 5))⌉ UPDATE BINARYs (DESFire MLe 59 MLc 52; NTAG 424 DNA MLe 256 MLc 255; \
            \(FamilyBench.answerLimit) / \(FamilyBench.commandLimit) data bytes a normal PN532 frame carries, less SW1 SW2 \
            or the APDU header). Type 3 = ⌈(1 + ⌈n / 16⌉) / Nbr⌉ Checks (attribute block and message blocks), \
            and for write + verify also ⌈(1 + ⌈n / 16⌉) / Nbw⌉ Updates (12FC card Nbr 12 Nbw 8; Lite-S 4 and 1). \
            Type 2 = ⌈pages / \(Floor.fastReadPageLimit)⌉ FAST_READs of the pages from page 4 holding the TLV header \
            and the message (\(Floor.fastReadPageLimit) pages: the most one normal frame's answer carries; READ's 4 \
            pages would make it higher), and for write + verify one WRITE per changed page and FAST_READs from the \
            first to the last changed page. Type 1 = 1 RALL (Topaz 96) or, up to the NDEF TLV's last byte, RSEG of \
            segment 0 and 16 READ8 per later segment (Topaz 512: the PN532's firmware passes RSEG of segment 0 only), \
            and for write + verify one WRITE-E per changed byte (Topaz 96) or WRITE-E8 per changed 8-byte block \
            (Topaz 512: the layer writes bytes 00–77, blocks 0–E, one WRITE-E each, and WRITE-E8 beyond; READ8, \
            WRITE-E8 and WRITE-NE8 go through the CIU's registers, 3 round trips or more each, hence its ratio). The floors' card limits are the simulator's factory CC and attribute \
            blocks, written into the benchmark (the layers keep MLe and Nbr to themselves); each card's capacity is \
            checked against the layer's NDEF status.
            """)
    }
}

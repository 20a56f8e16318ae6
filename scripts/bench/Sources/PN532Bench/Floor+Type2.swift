import PN532

/// The floors of the Type 2 operations: the fewest tag commands that can do the job, each
/// costed with `addCommand` (frame wire time both ways, ACK, processing, air time, EEPROM).
///
/// Tag commands travel in the smallest frames that carry them: GET_VERSION and FAST_READ in
/// InCommunicateThru (`42 cmd…`, answer `43 00 data…`), WRITE in InDataExchange
/// (`40 01 A2 pp d0–d3`, answer `41 00`: the command that reports the tag's 4-bit ACK as
/// success). Air time is `ChipTiming.air` of the tag command and its answer plus CRC_A, as the
/// simulator counts it; a WRITE adds one EEPROM page write.
extension Floor {
    /// The most pages one FAST_READ answer carries in a normal frame: the payload
    /// (`43 00` + data) fills `Frame.maximumNormalPayloadCount`.
    static let fastReadPageLimit = (Frame.maximumNormalPayloadCount - 2) / 4

    /// Identify + read of an NDEF message of `messageLength` bytes at page 4: GET_VERSION, then
    /// the pages that hold the NDEF TLV's header and the message by FAST_READ in the largest
    /// chunks.
    mutating func addType2Read(messageLength: Int) {
        addThru([0x60], answerCount: 8)
        let header = messageLength < 0xFF ? 2 : 4
        addFastReads(pages: 4..<4 + (header + messageLength + 3) / 4)
    }

    /// Write + verify: one WRITE per page in `changedPages` (tag page numbers, ascending), then
    /// FAST_READs from the first to the last of them.
    mutating func addType2WriteVerify(changedPages: [Int]) {
        guard let first = changedPages.first, let last = changedPages.last else { return }
        for page in changedPages {
            let command: [UInt8] = [0xA2, UInt8(page), 0, 0, 0, 0]
            addCommand(frameBytes: Self.wireCount(Command.inDataExchange(target: 1, data: command).frame),
                       responseFrameBytes: Self.wireCount(.information(direction: .chipToHost, payload: [0x41, 0x00])),
                       radio: timing.air(sent: command.count, received: 1) + timing.pageWrite)
        }
        addFastReads(pages: first..<last + 1)
    }

    /// FAST_READs of `pages` in chunks of `fastReadPageLimit`.
    private mutating func addFastReads(pages: Range<Int>) {
        for start in stride(from: pages.lowerBound, to: pages.upperBound, by: Self.fastReadPageLimit) {
            let end = min(start + Self.fastReadPageLimit, pages.upperBound) - 1
            addThru([0x3A, UInt8(start), UInt8(end)], answerCount: (end - start + 1) * 4)
        }
    }

    /// A tag command through InCommunicateThru answered by `answerCount` data bytes.
    private mutating func addThru(_ command: [UInt8], answerCount: Int) {
        let answer = Frame.information(direction: .chipToHost, payload: [0x43, 0x00] + [UInt8](repeating: 0, count: answerCount))
        addCommand(frameBytes: Self.wireCount(Command.inCommunicateThru(data: command).frame),
                   responseFrameBytes: Self.wireCount(answer),
                   radio: timing.air(sent: command.count, received: answerCount + 2))
    }

    /// The bytes of `frame` on the wire.
    private static func wireCount(_ frame: Frame) -> Int {
        do {
            return try frame.encoded().count
        } catch {
            preconditionFailure("a floor frame is too long: \(error)")
        }
    }
}

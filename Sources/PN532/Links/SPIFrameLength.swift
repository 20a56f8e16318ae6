/// How many more bytes complete the frame whose first bytes an SPI read returned: the PN532
/// on SPI gives no length before the frame, so the link reads a header, then the rest
/// (pn532pi, libnfc).
///
/// The start code is found after any number of `00` (responses were seen with the short
/// preamble `00 FF`, pn532-spi.md §1). Every count is bounded by the largest frame; bytes that
/// are no frame need nothing more (the session's frame scanner judges them).
public enum SPIFrameLength {
    /// Longest frame from its start code: extended header (7), the largest payload with its
    /// TFI, DCS and the postamble.
    public static let longestFrame = 7 + Frame.maximumPayloadCount + 1 + 2

    /// What `bytes`, the start of a frame read, still need: nil when they are complete or no
    /// frame; else how many more bytes to read (at most `longestFrame`).
    public static func missing(after bytes: [UInt8]) -> Int? {
        var index = 0
        while index < bytes.count, bytes[index] == 0x00 { index += 1 }
        // A frame's start code is `00 FF`: at least one `00` before the `FF`.
        guard index > 0, index < bytes.count, bytes[index] == 0xFF else { return nil }
        let start = index - 1
        let total: Int
        switch Array(bytes[(index + 1)...].prefix(5)) {
        case let field where field.count < 2:
            return 2 - field.count
        case let field where field[0] == 0x00 && field[1] == 0xFF, let field where field[0] == 0xFF && field[1] == 0x00:
            total = 5
        case let field where field[0] == 0xFF && field[1] == 0xFF:
            guard field.count >= 5 else { return 5 - field.count }
            guard (Int(field[2]) + Int(field[3]) + Int(field[4])) & 0xFF == 0 else { return nil }
            let length = Int(field[2]) << 8 | Int(field[3])
            guard length > 0, length <= Frame.maximumPayloadCount + 1 else { return nil }
            total = 7 + length + 2
        case let field:
            guard (Int(field[0]) + Int(field[1])) & 0xFF == 0, field[0] > 0 else { return nil }
            total = 4 + Int(field[0]) + 2
        }
        let have = bytes.count - start
        return have < total ? total - have : nil
    }
}

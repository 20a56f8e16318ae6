/// A Topaz command as a reader's CIU sends it when the host drives the CIU itself (reference
/// §1.3): the code alone in a 7-bit short frame, then each further byte in a frame of its own,
/// the last two the CRC_B of the command. The tag answers in one frame ending with its CRC_B;
/// a command whose CRC_B is wrong gets no answer.
extension SimulatedTag {
    /// How many bytes a command with `code` takes on the air, CRC_B included: 7 + 2 for
    /// RID, RALL, READ, WRITE-E and WRITE-NE, 14 + 2 for RSEG, READ8, WRITE-E8 and
    /// WRITE-NE8; nil for a code a Topaz does not know.
    static func topazAirLength(code: UInt8) -> Int? {
        switch code {
        case TopazCommand.readIdentification, TopazCommand.readAll, TopazCommand.read, TopazCommand.writeErase,
            TopazCommand.writeNoErase:
            9
        case TopazCommand.readSegment, TopazCommand.read8, TopazCommand.writeErase8, TopazCommand.writeNoErase8:
            16
        default:
            nil
        }
    }

    /// The answer on the air to a whole command `frame` (CRC_B at its end): the answer with
    /// its CRC_B, or silence when the CRC_B is wrong or the tag does not answer.
    mutating func topazAirAnswer(_ frame: [UInt8]) -> TagResponse {
        guard frame.count > 2 else { return .silent }
        let command = frame.dropLast(2)
        guard CRCB.checksum(command).elementsEqual(frame.suffix(2)) else { return .silent }
        let response = respond(to: Array(command))
        guard case .data(let bytes) = response.kind else { return response }
        return TagResponse(kind: .data(bytes + CRCB.checksum(bytes)), pagesWritten: response.pagesWritten)
    }
}

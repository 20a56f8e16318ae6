import Basics
import NFCCore

/// Jewel commands the firmware does not pass, sent by driving the CIU (``JewelCIUBypass``).
extension TargetExchange {
    /// Sends `command` (READ8, WRITE-E8, WRITE-NE8, or RSEG of a segment other than 0 as the 16
    /// READ8 of its blocks) through the CIU and returns its answer as InDataExchange gives a
    /// Jewel answer, without the echoed address: 8 bytes, or a segment's 128.
    ///
    /// The CIU registers it changes (CRC, parity, bit framing) are put back afterwards, also
    /// when the exchange failed; when that fails too, the session claims its settings again
    /// before the next command.
    func exchangeThroughCIU(_ command: [UInt8]) throws(TagExchangeError) -> [UInt8] {
        guard let frame = JewelCIUBypass.completed(command, uid: uid) else {
            throw .transport(TransportFailure(
                .reader, "a Jewel command of \(command.count) bytes cannot be sent through the CIU (14 bytes, or fewer with the tag's UID known)"))
        }
        let baseline: JewelCIUBypass.Baseline
        do throws(PN532Error) {
            try session.ensureSettings()
            if let known = jewelCIUBaseline { baseline = known } else { baseline = try readBaseline() }
        } catch {
            throw Self.exchangeError(error)
        }
        jewelCIUBaseline = baseline
        let result: Result<[UInt8], TagExchangeError>
        do throws(TagExchangeError) {
            if frame[0] == JewelCIUBypass.readSegment {
                let first = Int(frame[1] >> 4) * 16
                var segment: [UInt8] = []
                for block in first..<first + 16 {
                    var read = frame
                    read[0] = JewelCIUBypass.read8
                    read[1] = UInt8(block)
                    segment += try transceiveThroughCIU(read, baseline: baseline)
                }
                result = .success(segment)
            } else {
                result = .success(try transceiveThroughCIU(frame, baseline: baseline))
            }
        } catch {
            result = .failure(error)
        }
        do throws(PN532Error) {
            try session.writeRegisters(baseline.restoringWrites)
            session.settingsOwned = true
        } catch {
            if case .success = result { throw Self.exchangeError(error) }
        }
        return try result.get()
    }

    /// The registers the bypass changes, as they are now.
    private func readBaseline() throws(PN532Error) -> JewelCIUBypass.Baseline {
        JewelCIUBypass.Baseline(try session.readRegisters(JewelCIUBypass.Baseline.registers.map(\.address)))
    }

    /// One 14-byte command `frame` through the CIU: sent with its CRC_B, then, after the
    /// write time of a write command, FIFOLevel read until the answer's 13 FIFO bytes are
    /// there or `timeout` has passed, then the FIFO read and decoded. The answer is ADD8 and
    /// 8 bytes; the 8 bytes are returned.
    private func transceiveThroughCIU(_ frame: [UInt8], baseline: JewelCIUBypass.Baseline) throws(TagExchangeError) -> [UInt8] {
        let expected = JewelFIFOStream.fifoCount(answerCount: JewelCIUBypass.answerLength + 2)
        var level = 0
        var fifo: [UInt8] = []
        do throws(PN532Error) {
            try session.writeRegisters(JewelCIUBypass.sendingWrites(frame + JewelFrameCheck.crcB(frame), baseline: baseline))
            let deadline = session.link.now + timeout
            try session.idle(JewelCIUBypass.answerWait(code: frame[0]))
            repeat {
                level = Int(try session.readRegisters([JewelCIUBypass.fifoLevel]).first ?? 0)
            } while level < expected && session.link.now < deadline
            if (1...JewelFIFOStream.capacity).contains(level) {
                fifo = try session.readRegisters([UInt16](repeating: JewelCIUBypass.fifoData, count: level))
            }
        } catch {
            throw Self.exchangeError(error)
        }
        guard level <= JewelFIFOStream.capacity else { throw Self.malformed(JewelFIFOError.longerThanFIFO(level).description) }
        guard !fifo.isEmpty else { throw .noAnswer }
        let answer: [UInt8]
        do throws(JewelFIFOError) { answer = try JewelFIFOStream.decode(fifo) } catch { throw Self.malformed(error.description) }
        guard answer.count == JewelCIUBypass.answerLength, answer[0] == frame[1] else {
            throw Self.malformed("the Topaz answered \(answer.count) bytes for block \(frame[1]) through the CIU (ADD8 \(frame[1]) and 8 bytes expected)")
        }
        return Array(answer.dropFirst())
    }

    /// A malformed answer, for `reason`.
    static func malformed(_ reason: String) -> TagExchangeError {
        .transport(TransportFailure(.malformedAnswer, reason))
    }
}

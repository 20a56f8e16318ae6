import Basics

/// The CIU driven by register writes (``CIUTransceiver``): what reaches the Topaz in the field
/// when the host sends its commands frame by frame, as nfcpy does for the commands the
/// firmware does not pass (READ8, WRITE-E8, WRITE-NE8, RSEG of a segment other than 0).
extension SimulatedPN532 {
    /// Carries out a write to a CIU register that drives the transceiver; false for any other
    /// register.
    func writeTransceiver(_ address: UInt16, _ value: UInt8, at time: MonotonicTime) -> Bool {
        switch address {
        case CIUTransceiver.fifoData:
            ciu.push(value)
        case CIUTransceiver.fifoLevel:
            ciu.writeLevel(value)
        case CIUTransceiver.command:
            switch value & 0x0F {
            case CIUTransceiver.Command.transmit: transmitFrame(at: time)
            case CIUTransceiver.Command.receive: ciu.receive(parity: registers.usesParity)
            case CIUTransceiver.Command.idle: ciu.idle()
            default: break
            }
        default:
            return false
        }
        return true
    }

    /// Reads a CIU register the transceiver answers (the FIFO and its level) at `time`; nil
    /// for any other register.
    func readTransceiver(_ address: UInt16, at time: MonotonicTime) -> UInt8? {
        switch address {
        case CIUTransceiver.fifoData: ciu.pop(at: time)
        case CIUTransceiver.fifoLevel: ciu.level(at: time)
        default: nil
        }
    }

    /// Sends the FIFO as one frame. A Topaz takes a 7-bit short frame as a command's code and
    /// each 1-byte frame after it as its next byte; any other frame (several bytes, or a CRC_A
    /// the chip added) starts nothing. Once the command's length is there, each Topaz in the
    /// field hears it, and the one that answers puts its answer on the air.
    private func transmitFrame(at time: MonotonicTime) {
        guard fieldOn, let frame = ciu.transmit(lastBits: Int(registers[RegisterFile.bitFraming] & 0x07), crcA: registers.transmitsCRC) else {
            return
        }
        switch (frame.bytes.count, frame.lastBits) {
        case (1, 7): ciu.topazCommand = frame.bytes
        case (1, 8) where !ciu.topazCommand.isEmpty: ciu.topazCommand += frame.bytes
        default: ciu.topazCommand = []
        }
        guard let code = ciu.topazCommand.first, let length = SimulatedTag.topazAirLength(code: code) else {
            ciu.topazCommand = []
            return
        }
        guard ciu.topazCommand.count == length else { return }
        let command = ciu.topazCommand
        ciu.topazCommand = []
        for uid in field.filter({ $0.product.family == .jewel }).map(\.uid) {
            guard let response = operateOnTag(uid: uid, { $0.topazAirAnswer(command) }), case .data(let bytes) = response.kind else {
                continue
            }
            let elapsed = timing.air(sent: command.count, received: bytes.count) + timing.pageWrite * response.pagesWritten
            ciu.answer = (bytes, time + elapsed)
            return
        }
    }
}

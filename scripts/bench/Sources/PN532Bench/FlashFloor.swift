import PN532

/// The floor of one provisioned tag (`pn532ctl flash`): the fewest commands that select the
/// tag, identify it, write and verify the message, and lock it, each costed with
/// `Floor.addCommand` as in `Floor+Type2.swift`.
extension Floor {
    /// InListPassiveTarget for up to two tags finding one (7-byte UID, one activation),
    /// GET_VERSION, one WRITE per page of `changedPages` with FAST_READ from the first to the
    /// last of them (`addType2WriteVerify`), then `lockPages` WRITEs (CC, static lock bytes,
    /// dynamic lock bytes).
    mutating func addFlashedTag(changedPages: [Int], lockPages: Int) {
        let found = PassiveTarget(number: 1, atqa: 0x0044, sak: 0x00, uid: [UInt8](repeating: 0, count: 7))
        addCommand(frameBytes: Self.flashWireCount(Command.inListPassiveTarget(maxTargets: 2).frame),
                   responseFrameBytes: Self.flashWireCount(.information(direction: .chipToHost, payload: TargetList(targets: [found.listed]).payload)),
                   radio: timing.activation)
        let getVersion = Frame.information(direction: .chipToHost, payload: [0x43, 0x00] + [UInt8](repeating: 0, count: 8))
        addCommand(frameBytes: Self.flashWireCount(Command.inCommunicateThru(data: [0x60]).frame),
                   responseFrameBytes: Self.flashWireCount(getVersion), radio: timing.air(sent: 1, received: 10))
        addType2WriteVerify(changedPages: changedPages)
        let write: [UInt8] = [0xA2, 0x00, 0, 0, 0, 0]
        for _ in 0..<lockPages {
            addCommand(frameBytes: Self.flashWireCount(Command.inDataExchange(target: 1, data: write).frame),
                       responseFrameBytes: Self.flashWireCount(.information(direction: .chipToHost, payload: [0x41, 0x00])),
                       radio: timing.air(sent: write.count, received: 1) + timing.pageWrite)
        }
    }

    /// The bytes of `frame` on the wire.
    private static func flashWireCount(_ frame: Frame) -> Int {
        do {
            return try frame.encoded().count
        } catch {
            preconditionFailure("a floor frame is too long: \(error)")
        }
    }
}

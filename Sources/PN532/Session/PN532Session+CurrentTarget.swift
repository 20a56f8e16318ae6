extension PN532Session {
    /// The commands after which the chip's current target may have changed: until their reply
    /// says otherwise, it is unknown.
    static let targetCommands: Set<CommandCode> = [
        .inListPassiveTarget, .inAutoPoll, .inSelect, .inDataExchange, .inRelease, .inDeselect,
    ]

    /// The target number in a target byte, without InDataExchange's MI bit.
    static let targetNumberMask: UInt8 = 0x0F

    /// Learns the chip's current target (the one InCommunicateThru speaks to) from a reply: a
    /// listing that activated exactly one target makes it target 1 (of two, which one the
    /// chip keeps is not documented: unknown); a successful InSelect or InDataExchange makes
    /// it the target named; a release or deselect leaves none.
    func noteCurrentTarget(_ code: CommandCode, parameters: [UInt8], payload: [UInt8]) {
        guard Self.targetCommands.contains(code) else { return }
        let succeeded = payload.count >= 2 && PN532Status(rawValue: payload[1]).isSuccess
        switch code {
        case .inListPassiveTarget, .inAutoPoll:
            currentTarget = payload.count >= 2 && payload[1] == 1 ? 1 : nil
        case .inSelect, .inDataExchange:
            currentTarget = succeeded ? parameters.first.map { $0 & Self.targetNumberMask } : nil
        default:
            currentTarget = nil
        }
    }
}

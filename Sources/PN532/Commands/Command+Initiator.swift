extension Command {
    /// InListPassiveTarget: `4A MaxTg BrTy [InitiatorData]`, answered by a
    /// ``TargetList``.
    ///
    /// - Parameters:
    ///   - maxTargets: how many targets to activate, 1 or 2.
    ///   - baud: the bit rate and modulation to poll with.
    ///   - initiatorData: for Type A, a UID (with cascade tags) to select one card; empty for any.
    public static func inListPassiveTarget(
        maxTargets: UInt8 = 1, baud: PassiveModulation = .typeA106, initiatorData: [UInt8] = []
    ) -> Command {
        Command(code: .inListPassiveTarget, parameters: [maxTargets, baud.rawValue] + initiatorData)
    }

    /// InDataExchange: `40 Tg data…`, answered by an ``ExchangeReply``. The PN532 adds the
    /// target's framing (CRC, ISO-DEP blocks and chaining).
    ///
    /// - Parameter moreInformation: sets the MI bit (0x40) of the target byte, telling the
    ///   PN532 that more data follows in the next InDataExchange.
    public static func inDataExchange(
        target: UInt8, data: [UInt8], moreInformation: Bool = false
    ) -> Command {
        let targetByte = moreInformation ? target | 0x40 : target
        return Command(code: .inDataExchange, parameters: [targetByte] + data)
    }

    /// InCommunicateThru: `42 data…`, sent as is to the selected target, answered by a
    /// ``ExchangeReply``.
    public static func inCommunicateThru(data: [UInt8]) -> Command {
        Command(code: .inCommunicateThru, parameters: data)
    }

    /// InDeselect: deselects `target` (0 for all), answered by a ``StatusReply``.
    public static func inDeselect(target: UInt8) -> Command {
        Command(code: .inDeselect, parameters: [target])
    }

    /// InRelease: releases `target` (0 for all), answered by a ``StatusReply``.
    public static func inRelease(target: UInt8) -> Command {
        Command(code: .inRelease, parameters: [target])
    }

    /// InSelect: selects `target`, answered by a ``StatusReply``.
    public static func inSelect(target: UInt8) -> Command {
        Command(code: .inSelect, parameters: [target])
    }

    /// InAutoPoll: `60 PollNr Period Type…`, answered by an ``AutoPollResult``.
    ///
    /// - Parameters:
    ///   - pollCount: polls per type, 1 … 254, or `FF` to poll until a target answers.
    ///   - period: the pause between polls in units of 150 ms, 1 … 15.
    ///   - types: the target types to poll for, 1 … 15 of them.
    public static func inAutoPoll(pollCount: UInt8, period: UInt8, types: [AutoPollType]) -> Command {
        Command(code: .inAutoPoll, parameters: [pollCount, period] + types.map(\.rawValue))
    }
}

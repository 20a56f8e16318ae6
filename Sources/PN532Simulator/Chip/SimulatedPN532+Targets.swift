import NFCCore
import PN532

extension SimulatedPN532 {
    /// PN532 status for a tag that did not answer.
    static let statusTimeout: UInt8 = 0x01
    /// PN532 status for a 4-bit answer where the chip checks CRC (InCommunicateThru with
    /// RxCRC on). An assumption: the manual does not say which code a real chip gives.
    static let statusCRCError: UInt8 = 0x02
    /// PN532 status for a tag NAK during InDataExchange (framing error during a MIFARE
    /// operation). An assumption, as above.
    static let statusMifareNAK: UInt8 = 0x05
    /// PN532 status for a command naming a target that is not active.
    static let statusNotAcceptable: UInt8 = 0x27

    func executeInitiatorCommand(_ code: CommandCode, _ parameters: [UInt8], at time: MonotonicTime) {
        switch code {
        case .inListPassiveTarget where parameters.count >= 2 && (1...2).contains(parameters[0]):
            fieldOn = true
            guard parameters[1] == PassiveModulation.typeA106.rawValue else {
                return respond([code.responseCode, 0x00], at: time + missedPolls(passiveActivationRetries))
            }
            startPoll(WaitingPoll(maxTargets: Int(parameters[0]), autoPoll: false), retries: passiveActivationRetries, at: time)
        case .inAutoPoll where parameters.count >= 3 && parameters.count <= 17:
            fieldOn = true
            let typeA: [UInt8] = [AutoPollType.genericPassive106.rawValue, AutoPollType.mifare.rawValue]
            guard parameters[2...].contains(where: typeA.contains) else {
                return respond([code.responseCode, 0x00], at: time + missedPolls(parameters[0]))
            }
            startPoll(WaitingPoll(maxTargets: 2, autoPoll: true), retries: parameters[0], at: time)
        case .inDataExchange where parameters.count >= 2:
            dataExchange(target: parameters[0], Array(parameters.dropFirst()), at: time)
        case .inCommunicateThru where !parameters.isEmpty:
            communicateThru(parameters, at: time)
        case .inDeselect where parameters.count == 1, .inRelease where parameters.count == 1:
            let released = parameters[0] == 0 ? Array(targets.keys) : [parameters[0]].filter { targets[$0] != nil }
            for number in released {
                if let uid = targets.removeValue(forKey: number), let index = field.firstIndex(where: { $0.uid == uid }) {
                    field[index].halt()
                }
            }
            respond([code.responseCode, parameters[0] == 0 || !released.isEmpty ? 0x00 : Self.statusNotAcceptable], at: time)
        case .inSelect where parameters.count == 1:
            guard let uid = targets[parameters[0]], let index = field.firstIndex(where: { $0.uid == uid }) else {
                return respond([code.responseCode, Self.statusNotAcceptable], at: time)
            }
            field[index].activate()
            respond([code.responseCode, 0x00], at: time + timing.activation)
        default:
            respondSyntaxError(at: time)
        }
    }

    /// The time a poll that finds nothing takes: one activation attempt per try.
    private func missedPolls(_ retries: UInt8) -> Duration {
        timing.activationAttempt * (Int(retries == 0xFF ? 0 : retries) + 1)
    }

    /// Polls with REQA, as InListPassiveTarget does: halted tags do not answer. A tag still
    /// active from an earlier poll takes REQA as an error, drops to idle without answering,
    /// and answers the next try, so it is found only when a retry is allowed.
    private func startPoll(_ poll: WaitingPoll, retries: UInt8, at time: MonotonicTime) {
        targets.removeAll()
        let stillActive = field.contains { $0.state == .active }
        for index in field.indices where field[index].state == .active { field[index].powerOff() }
        if stillActive, retries == 0 {
            let code = poll.autoPoll ? CommandCode.inAutoPoll : .inListPassiveTarget
            return respond([code.responseCode, 0x00], at: time + missedPolls(0))
        }
        if field.contains(where: { $0.state != .halted }) {
            return completePoll(poll, at: time + (stillActive ? timing.activationAttempt : .zero))
        }
        if retries == 0xFF {
            waitingPoll = poll
        } else {
            let code = poll.autoPoll ? CommandCode.inAutoPoll : .inListPassiveTarget
            respond([code.responseCode, 0x00], at: time + missedPolls(retries))
        }
    }

    /// Activates up to `poll.maxTargets` tags and answers with their target data.
    func completePoll(_ poll: WaitingPoll, at time: MonotonicTime) {
        var found: [PassiveTarget] = []
        for index in field.indices.filter({ field[$0].state != .halted }).prefix(poll.maxTargets) {
            field[index].activate()
            let tag = field[index]
            let number = UInt8(found.count + 1)
            targets[number] = tag.uid
            found.append(PassiveTarget(number: number, atqa: UInt16(tag.atqa[0]) << 8 | UInt16(tag.atqa[1]), sak: tag.sak, uid: tag.uid))
        }
        let ready = time + timing.activation * found.count
        if poll.autoPoll {
            let entries = found.flatMap { target -> [UInt8] in
                let data = target.targetData
                return [AutoPollType.mifare.rawValue, UInt8(data.count)] + data
            }
            respond([CommandCode.inAutoPoll.responseCode, UInt8(found.count)] + entries, at: ready)
        } else {
            respond(PassiveTargetList(targets: found).payload, at: ready)
        }
    }

    /// InDataExchange: the chip frames the tag command, handles CRC and the two phases of a
    /// COMPATIBILITY WRITE, and reports the tag's ACK as plain success.
    private func dataExchange(target: UInt8, _ data: [UInt8], at time: MonotonicTime) {
        let code = CommandCode.inDataExchange.responseCode
        guard let uid = targets[target] else { return respond([code, Self.statusNotAcceptable], at: time) }
        var answers = [exchangeWithTag(uid: uid, data[0] == 0xA0 && data.count == 18 ? Array(data.prefix(2)) : data)]
        if data[0] == 0xA0, data.count == 18, answers[0]?.kind == .ack {
            answers.append(exchangeWithTag(uid: uid, Array(data.dropFirst(2))))
        }
        let elapsed = exchangeTime(sent: data.count, answers)
        switch answers.last ?? nil {
        case .some(let answer) where answer.kind == .ack:
            respond([code, 0x00], at: time + elapsed)
        case .some(let answer):
            if case .data(let bytes) = answer.kind { return respond([code, 0x00] + bytes, at: time + elapsed) }
            if case .nak = answer.kind { return respond([code, Self.statusMifareNAK], at: time + elapsed) }
            respond([code, Self.statusTimeout], at: time + elapsed)
        case .none:
            respond([code, Self.statusTimeout], at: time + elapsed)
        }
    }

    /// InCommunicateThru: the data goes to the current target as it is; CRC_A is added and
    /// checked by the chip only when CIU TxMode / RxMode say so (libnfc turns it off for raw
    /// frames and appends its own).
    private func communicateThru(_ data: [UInt8], at time: MonotonicTime) {
        let code = CommandCode.inCommunicateThru.responseCode
        guard let target = targets.keys.min(), let uid = targets[target] else {
            return respond([code, Self.statusNotAcceptable], at: time)
        }
        guard registers.usesParity, !registers.encrypts, !registers.framesBits else {
            // Without parity bits, encrypted, or with a short last byte, the tag understands
            // nothing and stays silent.
            return respond([code, Self.statusTimeout], at: time + timeout)
        }
        var command = data
        if !registers.transmitsCRC {
            guard command.count >= 3, CRCA.checksum(command.dropLast(2)) == Array(command.suffix(2)) else {
                return respond([code, Self.statusTimeout], at: time + timeout)
            }
            command.removeLast(2)
        }
        let answer = exchangeWithTag(uid: uid, command)
        let elapsed = exchangeTime(sent: data.count, [answer])
        switch answer?.kind {
        case .data(let bytes):
            respond([code, 0x00] + bytes + (registers.receivesCRC ? [] : CRCA.checksum(bytes)), at: time + elapsed)
        case .ack:
            respond(registers.receivesCRC ? [code, Self.statusCRCError] : [code, 0x00, 0x0A], at: time + elapsed)
        case .nak(let value):
            respond(registers.receivesCRC ? [code, Self.statusCRCError] : [code, 0x00, value], at: time + elapsed)
        case .silent, .none:
            respond([code, Self.statusTimeout], at: time + elapsed)
        }
    }

    private var timeout: Duration { ChipTiming.rfTimeout(communicationTimeout) }

    /// How long the chip tries a tag that does not answer: the RF timeout, once and then once
    /// per MaxRtyCOM retry (FF: for ever, which the host ends by aborting; a day here).
    private var silentTime: Duration {
        communicationRetries == 0xFF ? .seconds(86_400) : timeout * (Int(communicationRetries) + 1)
    }

    /// Air time of the answers (or the RF timeout for a silent one) and EEPROM write time.
    private func exchangeTime(sent: Int, _ answers: [TagResponse?]) -> Duration {
        answers.reduce(Duration.zero) { total, answer in
            guard let answer else { return total + silentTime }
            switch answer.kind {
            case .silent: return total + silentTime
            case .data(let bytes): return total + timing.air(sent: sent, received: bytes.count + 2)
            case .ack, .nak: return total + timing.air(sent: sent, received: 1) + timing.pageWrite * answer.pagesWritten
            }
        }
    }

    /// Runs one tag command on the tag with `uid`; nil when that tag is not in the field. The
    /// `removeTagAfterCommands` fault takes the tag away once its count is used up.
    private func exchangeWithTag(uid: [UInt8], _ command: [UInt8]) -> TagResponse? {
        guard let index = field.firstIndex(where: { $0.uid == uid }) else { return nil }
        if let remaining = removeTagAfterCommands {
            guard remaining > 0 else {
                removeTagAfterCommands = nil
                record(at: clock, .fault("tag \(hexText(uid)) taken out of the field (tag-remove-after)"))
                apply(.remove(uid: uid))
                return nil
            }
            removeTagAfterCommands = remaining - 1
        }
        tagCommandCount += 1
        return field[index].respond(to: command)
    }
}

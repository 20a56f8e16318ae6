import NFCCore
import PN532

/// InListPassiveTarget and InAutoPoll: which cards answer a poll of each modulation, and the
/// target data the PN532 reports for them.
extension SimulatedPN532 {
    /// BrTy values of InListPassiveTarget (UM0701 §7.3.5).
    enum Modulation {
        static let typeA106: UInt8 = 0x00
        static let felica212: UInt8 = 0x01
        static let felica424: UInt8 = 0x02
        static let typeB106: UInt8 = 0x03
        static let jewel106: UInt8 = 0x04
    }

    /// InListPassiveTarget. A FeliCa poll needs its 5-byte polling payload; without it, and
    /// for a modulation no simulated card uses (Type B), the chip finds nothing after its
    /// activation attempts (one only when it would retry for ever).
    func listPassiveTargets(maximum: Int, modulation: UInt8, _ initiatorData: [UInt8], at time: MonotonicTime) {
        fieldOn = true
        let isFeliCa = modulation == Modulation.felica212 || modulation == Modulation.felica424
        let polled = [Modulation.typeA106, Modulation.jewel106].contains(modulation) || (isFeliCa && initiatorData.count == 5)
        guard polled else {
            return respond([CommandCode.inListPassiveTarget.responseCode, 0x00], at: time + missedPolls(passiveActivationRetries))
        }
        let poll = WaitingPoll(maxTargets: maximum, autoPoll: false, modulation: modulation, initiatorData: initiatorData)
        startPoll(poll, retries: passiveActivationRetries, at: time)
    }

    /// The time a poll that finds nothing takes: one activation attempt per try.
    func missedPolls(_ retries: UInt8) -> Duration {
        timing.activationAttempt * (Int(retries == 0xFF ? 0 : retries) + 1)
    }

    /// Starts a poll: the old targets are released and Crypto1 is switched off. For Type A
    /// the poll is REQA, as InListPassiveTarget does: halted tags do not answer. A tag still
    /// active from an earlier poll takes REQA as an error, drops to idle without answering,
    /// and answers the next try, so it is found only when a retry is allowed.
    func startPoll(_ poll: WaitingPoll, retries: UInt8, at time: MonotonicTime) {
        targets.removeAll()
        isoDEPBlockNumbers.removeAll()
        registers[RegisterFile.status2] &= ~0x08
        var stillActive = false
        if poll.modulation == Modulation.typeA106 {
            stillActive = field.contains { $0.state == .active && $0.product.family.isTypeA }
            for index in field.indices where field[index].state == .active && field[index].product.family.isTypeA {
                field[index].powerOff()
            }
        }
        let code = poll.autoPoll ? CommandCode.inAutoPoll : .inListPassiveTarget
        if stillActive, retries == 0 {
            return respond([code.responseCode, 0x00], at: time + missedPolls(0))
        }
        if !candidates(for: poll).isEmpty {
            return completePoll(poll, at: time + (stillActive ? timing.activationAttempt : .zero))
        }
        if retries == 0xFF {
            waitingPoll = poll
        } else {
            respond([code.responseCode, 0x00], at: time + missedPolls(retries))
        }
    }

    /// The field indices of the cards that answer `poll`: Type A cards that are not halted,
    /// every Jewel, every FeliCa card whose system code matches (neither has a HALT state).
    func candidates(for poll: WaitingPoll) -> [Int] {
        field.indices.filter { index in
            let tag = field[index]
            switch poll.modulation {
            case Modulation.typeA106: return tag.product.family.isTypeA && tag.state != .halted
            case Modulation.felica212, Modulation.felica424: return tag.feliCaPollingAnswer(feliCaPolling(poll)) != nil
            case Modulation.jewel106: return tag.product.family == .jewel
            default: return false
            }
        }
    }

    /// The Polling frame the chip sends for `poll`: length 6, then the payload.
    private func feliCaPolling(_ poll: WaitingPoll) -> [UInt8] {
        [0x06] + poll.initiatorData
    }

    /// Activates up to `poll.maxTargets` cards and answers with their target data.
    func completePoll(_ poll: WaitingPoll, at time: MonotonicTime) {
        var found: [[UInt8]] = []
        for index in candidates(for: poll).prefix(poll.maxTargets) {
            field[index].activate()
            let number = UInt8(found.count + 1)
            targets[number] = field[index].uid
            found.append(targetData(index, number: number, poll))
        }
        let ready = time + timing.activation * found.count
        if poll.autoPoll {
            let entries = found.flatMap { [AutoPollType.mifare.rawValue, UInt8($0.count)] + $0 }
            respond([CommandCode.inAutoPoll.responseCode, UInt8(found.count)] + entries, at: ready)
        } else {
            respond([CommandCode.inListPassiveTarget.responseCode, UInt8(found.count)] + found.flatMap { $0 }, at: ready)
        }
    }

    /// One target's data in the reply: Type A `Tg SENS_RES SEL_RES len NFCID1 [ATS]` (the ATS
    /// when the card speaks ISO/IEC 14443-4 and SetParameters' automatic RATS is on), FeliCa
    /// `Tg POL_RES` (its length byte first), Jewel `Tg SENS_RES JEWELID`.
    private func targetData(_ index: Int, number: UInt8, _ poll: WaitingPoll) -> [UInt8] {
        let tag = field[index]
        switch poll.modulation {
        case Modulation.felica212, Modulation.felica424:
            return [number] + (tag.feliCaPollingAnswer(feliCaPolling(poll)) ?? [])
        case Modulation.jewel106:
            return [number] + tag.atqa + Array(tag.uid.prefix(4))
        default:
            var ats: [UInt8]?
            if parameterFlags & 0x10 != 0, tag.sak & 0x20 != 0,
               case .data(let answer) = field[index].respond(to: [SimulatedTag.requestForAnswerToSelect, 0x50]).kind {
                ats = answer
            }
            let atqa = UInt16(tag.atqa[0]) << 8 | UInt16(tag.atqa[1])
            return PassiveTarget(number: number, atqa: atqa, sak: tag.sak, uid: tag.uid, ats: ats).targetData
        }
    }
}

import Basics
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

    /// InListPassiveTarget. A FeliCa poll needs its 5-byte polling payload, a Type B poll its
    /// AFI, optionally followed by the polling method (timeslot or probabilistic: either finds
    /// every card here); without them the chip finds nothing after its activation attempts
    /// (one only when it would retry for ever).
    func listPassiveTargets(maximum: Int, modulation: UInt8, _ initiatorData: [UInt8], at time: MonotonicTime) {
        fieldOn = true
        let isFeliCa = modulation == Modulation.felica212 || modulation == Modulation.felica424
        let polled = [Modulation.typeA106, Modulation.jewel106].contains(modulation) || (isFeliCa && initiatorData.count == 5)
            || (modulation == Modulation.typeB106 && (1...2).contains(initiatorData.count))
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
    /// the poll is REQA and for Type B REQB, as InListPassiveTarget does: halted tags do not
    /// answer. A tag of the polled type still active from an earlier poll takes the request as
    /// an error, drops to idle without answering, and answers the next try, so it is found
    /// only when a retry is allowed (for Type B an assumption, made to match Type A).
    func startPoll(_ poll: WaitingPoll, retries: UInt8, at time: MonotonicTime) {
        targets.removeAll()
        isoDEPBlockNumbers.removeAll()
        chainedAnswers.removeAll()
        registers[RegisterFile.status2] &= ~0x08
        let restarted = field.indices.filter { index in
            guard field[index].state == .active else { return false }
            let family = field[index].product.family
            return poll.modulation == Modulation.typeA106 ? family.isTypeA : poll.modulation == Modulation.typeB106 && family == .typeB
        }
        let stillActive = !restarted.isEmpty
        for index in restarted { field[index].powerOff() }
        let code = CommandCode.inListPassiveTarget
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
    /// Type B cards that answer its REQB, every Jewel, every FeliCa card whose system code
    /// matches (neither has a HALT state).
    func candidates(for poll: WaitingPoll) -> [Int] {
        field.indices.filter { index in
            let tag = field[index]
            switch poll.modulation {
            case Modulation.typeA106: return tag.product.family.isTypeA && tag.state != .halted
            case Modulation.felica212, Modulation.felica424: return tag.feliCaPollingAnswer(feliCaPolling(poll)) != nil
            case Modulation.jewel106: return tag.product.family == .jewel
            case Modulation.typeB106: return tag.typeBRequestAnswer(typeBRequest(poll)) != nil
            default: return false
            }
        }
    }

    /// The Polling frame the chip sends for `poll`: length 6, then the payload.
    private func feliCaPolling(_ poll: WaitingPoll) -> [UInt8] {
        [0x06] + poll.initiatorData
    }

    /// The REQB the chip sends for `poll`: `05 AFI 00` (one slot; the PN532 resolves
    /// collisions itself, which is not modelled).
    private func typeBRequest(_ poll: WaitingPoll) -> [UInt8] {
        [SimulatedTag.TypeBCommand.request, poll.initiatorData.first ?? 0x00, 0x00]
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
        currentTarget = found.isEmpty ? nil : UInt8(found.count)
        let ready = time + timing.activation * found.count
        if poll.autoPoll {
            let entries = found.flatMap { [poll.autoPollType.rawValue, UInt8($0.count)] + $0 }
            respond([CommandCode.inAutoPoll.responseCode, UInt8(found.count)] + entries, at: ready)
        } else {
            respond([CommandCode.inListPassiveTarget.responseCode, UInt8(found.count)] + found.flatMap { $0 }, at: ready)
        }
    }

    /// One target's data in the reply: Type A `Tg SENS_RES SEL_RES len NFCID1 [ATS]` (the ATS
    /// when the card speaks ISO/IEC 14443-4 and SetParameters' automatic RATS is on), FeliCa
    /// `Tg POL_RES` (its length byte first), Type B `Tg ATQB ATTRIB_RES_length ATTRIB_RES`
    /// (the chip sends ATTRIB itself), Jewel `Tg SENS_RES JEWELID`.
    private func targetData(_ index: Int, number: UInt8, _ poll: WaitingPoll) -> [UInt8] {
        let tag = field[index]
        switch poll.modulation {
        case Modulation.felica212, Modulation.felica424:
            return [number] + (tag.feliCaPollingAnswer(feliCaPolling(poll)) ?? [])
        case Modulation.jewel106:
            return [number] + tag.atqa + Array(tag.uid.prefix(4))
        case Modulation.typeB106:
            var attribAnswer: [UInt8] = []
            if case .data(let answer) = field[index].respond(to: attrib(tag.uid)).kind { attribAnswer = answer }
            return [number] + tag.answerToRequestB + [UInt8(attribAnswer.count)] + attribAnswer
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

    /// The ATTRIB the chip sends to declare the Type B card with `pupi`: Param1 `00` (default
    /// TR0, TR1, SOF and EOF), Param2 `08` (106 kbps both ways, frames up to 256 bytes),
    /// Param3 `01` (ISO/IEC 14443-4), Param4 `00` (CID 0).
    private func attrib(_ pupi: [UInt8]) -> [UInt8] {
        [SimulatedTag.TypeBCommand.attrib] + pupi + [0x00, 0x08, 0x01, 0x00]
    }
}

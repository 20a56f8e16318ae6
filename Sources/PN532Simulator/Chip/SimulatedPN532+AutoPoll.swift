import Basics
import NFCCore
import PN532

/// InAutoPoll (UM0701 §7.3.13): `60 PollNr Period Type1 [Type2 … Type15]`, answered by
/// `61 NbTg [Type Length TargetData]…`.
///
/// The chip polls the requested types in turn, one at a time, each for `Period` × 150 ms (a
/// window, within which it keeps polling that type); one pass over every type is one polling.
/// PollNr 01–FE is how many pollings it makes before answering `61 00`; FF polls until a
/// target is found. It stops at the first window that finds targets and reports up to two of
/// that window's type, each with its target data laid out as InListPassiveTarget gives it
/// (a card of another family in the field meanwhile is not reported: the model's reading of
/// the UM, which allows two entries but names no case of two families). An ACK or a new
/// command cancels the polling.
///
/// What each type finds and how it is reported: generic passive 106 kbps (`00`) and MIFARE
/// (`10`) find type A cards, reported as MIFARE (`10`); generic passive 212/424 kbps
/// (`01`/`02`) and FeliCa 212/424 (`11`/`12`) send a Polling request for every system code
/// with the system code asked for (`00 FF FF 01 00`: an assumption, the chip's payload is
/// fixed and the UM gives no initiator data for it), reported as FeliCa (`11`/`12`); type B
/// (`03`/`23`) sends REQB with AFI 00, reported as asked; Jewel (`04`) finds a Topaz, reported
/// as Jewel, one at most. Types the model does not poll (DEP, ISO/IEC 14443-4A alone) take
/// their window and find nothing.
extension SimulatedPN532 {
    /// An InAutoPoll the chip is running.
    struct AutoPollRun {
        /// The types, polled in this order, one window each.
        var types: [AutoPollType]
        /// How many pollings (passes over every type) before `61 00`; nil for PollNr FF.
        var pollings: Int?
        /// One type's window: Period × 150 ms.
        var window: Duration
        /// When the first window began.
        var start: MonotonicTime
        /// When the field last changed (or the polling began): earlier windows found nothing.
        var since: MonotonicTime
        /// Whether a card of a polled family was still active from an earlier poll: it takes
        /// the first request as an error and answers the next, one activation attempt later.
        var restarted: Bool
    }

    /// The unit of InAutoPoll's Period.
    static let autoPollPeriodUnit: Duration = .milliseconds(150)
    /// The Polling request payload (`00 SC SC RC TSN`) the chip sends in a FeliCa window.
    static let autoPollFeliCaPolling: [UInt8] = [0x00, 0xFF, 0xFF, 0x01, 0x00]
    /// PollNr that polls until a target is found.
    static let endlessPolling: UInt8 = 0xFF

    /// Starts InAutoPoll; `parameters` are `PollNr Period Type…`. PollNr 00 or a Period
    /// outside 01–0F is a syntax error.
    func startAutoPoll(_ parameters: [UInt8], at time: MonotonicTime) {
        guard parameters.count >= 3, parameters.count <= 17, parameters[0] != 0, (1...0x0F).contains(parameters[1]) else {
            return respondSyntaxError(at: time)
        }
        fieldOn = true
        targets.removeAll()
        isoDEPBlockNumbers.removeAll()
        chainedAnswers.removeAll()
        registers[RegisterFile.status2] &= ~0x08
        let types = parameters[2...].map(AutoPollType.init(rawValue:))
        let polled = Set(types.compactMap { autoPollRequest($0)?.modulation })
        let restarted = field.indices.filter { index in
            guard field[index].state == .active else { return false }
            let family = field[index].product.family
            return (family.isTypeA && polled.contains(Modulation.typeA106)) || (family == .typeB && polled.contains(Modulation.typeB106))
        }
        for index in restarted { field[index].powerOff() }
        autoPolling = AutoPollRun(
            types: types, pollings: parameters[0] == Self.endlessPolling ? nil : Int(parameters[0]),
            window: Self.autoPollPeriodUnit * Int(parameters[1]), start: time, since: time, restarted: !restarted.isEmpty)
        _ = settleAutoPoll(by: time)
    }

    /// The poll one window of `type` runs, nil for a type the model does not poll.
    func autoPollRequest(_ type: AutoPollType) -> WaitingPoll? {
        switch type {
        case .genericPassive106, .mifare:
            WaitingPoll(maxTargets: 2, autoPoll: true, autoPollType: .mifare)
        case .genericPassive212, .felica212:
            WaitingPoll(maxTargets: 2, autoPoll: true, modulation: Modulation.felica212, initiatorData: Self.autoPollFeliCaPolling, autoPollType: .felica212)
        case .genericPassive424, .felica424:
            WaitingPoll(maxTargets: 2, autoPoll: true, modulation: Modulation.felica424, initiatorData: Self.autoPollFeliCaPolling, autoPollType: .felica424)
        case .passive106TypeB, .iso14443Part4TypeB:
            WaitingPoll(maxTargets: 2, autoPoll: true, modulation: Modulation.typeB106, initiatorData: [0x00], autoPollType: type)
        case .jewel:
            WaitingPoll(maxTargets: 1, autoPoll: true, modulation: Modulation.jewel106, autoPollType: .jewel)
        default:
            nil
        }
    }

    /// When the running InAutoPoll answers if the field stays as it is, and the poll of the
    /// window that finds targets (nil: `61 00` at the end of the last polling); nil when it
    /// never answers (PollNr FF and nothing to find).
    func autoPollOutcome() -> (time: MonotonicTime, poll: WaitingPoll?)? {
        guard let run = autoPolling, !run.types.isEmpty, run.window > .zero else { return nil }
        let first = Int((run.since - run.start).nanoseconds / run.window.nanoseconds)
        let end = run.pollings.map { $0 * run.types.count }
        for index in first..<(first + run.types.count) {
            if let end, index >= end { break }
            if let poll = autoPollRequest(run.types[index % run.types.count]), !candidates(for: poll).isEmpty {
                let found = max(run.since, run.start + run.window * index)
                return (found + (run.restarted ? timing.activationAttempt : .zero), poll)
            }
        }
        return end.map { (run.start + run.window * $0, nil) }
    }

    /// Answers the running InAutoPoll if it answers by `limit`; true when it did.
    func settleAutoPoll(by limit: MonotonicTime) -> Bool {
        guard let outcome = autoPollOutcome(), outcome.time <= limit else { return false }
        autoPolling = nil
        guard let poll = outcome.poll else {
            respond([CommandCode.inAutoPoll.responseCode, 0x00], at: outcome.time)
            return true
        }
        completePoll(poll, at: outcome.time)
        return true
    }
}

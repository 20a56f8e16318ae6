import NFCCore
import PN532
import PN532Simulator
import Testing

/// One card selected by a PN532 session on the in-process simulator, with an exchange that
/// keeps every command sent to it.
final class SimulatedCard {
    let chip: SimulatedPN532
    let session: PN532Session
    let target: PassiveTarget
    let exchange: RecordingExchange

    init(_ tag: SimulatedTag) throws {
        chip = SimulatedPN532(tags: [tag])
        session = PN532Session(link: SimulatorLink(chip: chip))
        try session.start()
        target = try #require(try session.listPassiveTargets(maxTargets: 1).first)
        exchange = RecordingExchange(TargetExchange(session: session, target: target))
    }

    convenience init(_ product: TagProduct) throws {
        try self.init(SimulatedTag(product: product))
    }
}

/// One card listed with `modulation` (FeliCa, Jewel) on the in-process simulator, with an
/// exchange that keeps every command sent to it.
final class PolledCard {
    let chip: SimulatedPN532
    let session: PN532Session
    let target: ListedTarget
    let exchange: RecordingExchange

    init(_ product: TagProduct, _ modulation: PassiveModulation) throws {
        chip = SimulatedPN532(tags: [SimulatedTag(product: product)])
        session = PN532Session(link: SimulatorLink(chip: chip))
        try session.start()
        target = try #require(try session.listTargets(modulation, maxTargets: 1).first)
        exchange = RecordingExchange(TargetExchange(session: session, target: target))
    }
}

/// Passes commands on to a tag and keeps them, to count what a query cost, and the answer
/// times it was given.
final class RecordingExchange: TagExchange {
    let inner: any TagExchange
    private(set) var commands: [[UInt8]] = []
    private(set) var answerTimes: [Duration] = []

    init(_ inner: any TagExchange) {
        self.inner = inner
    }

    var maximumCommandLength: Int { inner.maximumCommandLength }

    var maximumAnswerLength: Int { inner.maximumAnswerLength }

    func exchange(_ command: [UInt8], answer: TagAnswer) throws(TagExchangeError) -> [UInt8] {
        commands.append(command)
        return try inner.exchange(command, answer: answer)
    }

    func reselect() throws(TagExchangeError) {
        try inner.reselect()
    }

    func allowAnswerTime(_ time: Duration) {
        answerTimes.append(time)
        inner.allowAnswerTime(time)
    }
}

/// A card that answers every command with `answer`, for activation bytes no simulated card
/// has (a FeliCa, a type B card or a Jewel listed by another modulation).
final class ScriptedExchange: TagExchange {
    let answer: [UInt8]

    init(answering answer: [UInt8] = []) {
        self.answer = answer
    }

    var maximumCommandLength: Int { 252 }

    var maximumAnswerLength: Int { 252 }

    func exchange(_ command: [UInt8], answer kind: TagAnswer) throws(TagExchangeError) -> [UInt8] {
        answer
    }

    func reselect() throws(TagExchangeError) {}
}

import Basics
import NFCCore
import PN532Reader
import PN532ReaderSimulator
import PN532
import PN532Simulator
import Testing

@Suite("FieldWatcher: arrivals, removals, health, recovery on the simulator's virtual clock")
struct FieldWatcherTests {
    static let alice: [UInt8] = [0x04, 0xA1, 0x1C, 0xE0, 0x00, 0x00, 0x01]
    static let bob: [UInt8] = [0x04, 0xB0, 0xB0, 0x00, 0x00, 0x00, 0x02]
    static let idm: [UInt8] = [0x01, 0x2E, 0x4C, 0xF1, 0x00, 0x00, 0x00, 0x01]

    @Test func aTagIsReportedOnceWhenItArrivesAndOnceWhenItLeaves() {
        let bench = WatcherBench()
        bench.present(Self.alice, at: 1)
        bench.remove(Self.alice, at: 4)
        let events = bench.run(until: 6)
        #expect(events.map(\.event.kind) == ["opened sim", "arrived 04A11CE0000001", "removed 04A11CE0000001"])
        let arrival = events[1].time
        #expect(arrival >= WatcherBench.time(1) && arrival < WatcherBench.time(1.16))
        let removal = events[2].time
        #expect(removal >= WatcherBench.time(4) && removal <= WatcherBench.time(4) + bench.timing.presenceInterval + .milliseconds(50))
        #expect(bench.watcher.field.isEmpty)
        #expect(bench.watcher.isWaitingForTag)
    }

    @Test func aSecondTagJoiningIsAnArrivalOfItsOwnAndTheFirstStaysInTheField() {
        let bench = WatcherBench()
        bench.present(Self.alice, at: 1)
        bench.present(Self.bob, at: 2)
        bench.remove(Self.alice, at: 3)
        let events = bench.run(until: 4)
        #expect(events.map(\.event.kind) == ["opened sim", "arrived 04A11CE0000001", "arrived 04B0B000000002", "removed 04A11CE0000001"])
        #expect(bench.watcher.field.map(\.info.identifier) == [Self.bob])
    }

    @Test func twoTagsInTheFieldTogetherAreOneArrivalOfBoth() {
        let bench = WatcherBench(tags: [Self.alice, Self.bob])
        let events = bench.run(until: 2)
        #expect(events.map(\.event.kind) == ["opened sim", "arrived 04A11CE0000001 04B0B000000002"])
        #expect(bench.watcher.field.count == 2)
    }

    @Test func aFeliCaCardIsSeenInItsInAutoPollWindowAndListedAgainByItsOwnFamilyWhileItStays() {
        let bench = WatcherBench()
        bench.present(SimulatedTag(product: .felicaLiteS, uid: Self.idm), at: 1)
        bench.remove(Self.idm, at: 3)
        let events = bench.run(until: 4)
        #expect(events.map(\.event.kind) == ["opened sim", "arrived 012E4CF100000001", "removed 012E4CF100000001"])
        let arrival = events[1].time
        // Within one InAutoPoll cycle: eight 150 ms windows, type A every other one.
        #expect(arrival >= WatcherBench.time(1) && arrival <= WatcherBench.time(1) + .milliseconds(1200 + 50))
        let removal = events[2].time
        #expect(removal >= WatcherBench.time(3) && removal <= WatcherBench.time(3) + bench.timing.presenceInterval + .milliseconds(50))
        #expect(bench.watcher.isWaitingForTag)
    }

    @Test func aJewelIsSeenAndATypeATagAfterItIsWaitedForAgain() {
        let bench = WatcherBench()
        bench.present(SimulatedTag(product: .topaz512, uid: [0x11, 0x22, 0x33, 0x44, 0x00, 0x00, 0x00]), at: 1)
        bench.remove([0x11, 0x22, 0x33, 0x44, 0x00, 0x00, 0x00], at: 2)
        bench.present(Self.alice, at: 3)
        let events = bench.run(until: 4)
        #expect(events.map(\.event.kind) == ["opened sim", "arrived 11223344", "removed 11223344", "arrived 04A11CE0000001"])
        guard events.count == 4, case .arrived(let jewel) = events[1].event, case .arrived(let typeA) = events[3].event else { return }
        #expect(jewel.first?.modulation == .jewel106)
        #expect(typeA.first?.modulation == .typeA106)
        #expect(events[3].time >= WatcherBench.time(3) && events[3].time < WatcherBench.time(3.16))
    }

    @Test func aTypeBCardStaysOneArrivalWhileItIsListedAgainAndLeavesOnce() {
        let bench = WatcherBench()
        let pupi: [UInt8] = [0xB0, 0x14, 0x44, 0x3B]
        bench.present(SimulatedTag(product: .typeB, uid: pupi), at: 1)
        bench.remove(pupi, at: 3)
        let events = bench.run(until: 4)
        #expect(events.map(\.event.kind) == ["opened sim", "arrived B014443B", "removed B014443B"])
        guard events.count == 3, case .arrived(let cards) = events[1].event else { return }
        #expect(cards.first?.modulation == .typeB106)
    }

    @Test func aTypeATagArrivingWhileAFeliCaCardRestsIsSeenWithinOneRound() {
        let bench = WatcherBench()
        bench.present(SimulatedTag(product: .felicaLiteS, uid: Self.idm), at: 1)
        bench.present(Self.alice, at: 2)
        let events = bench.run(until: 3)
        #expect(events.map(\.event.kind) == ["opened sim", "arrived 012E4CF100000001", "arrived 04A11CE0000001"])
        guard events.count == 3 else { return }
        #expect(events[2].time <= WatcherBench.time(2) + bench.timing.presenceInterval + .milliseconds(50))
        #expect(Set(bench.watcher.field.map(\.info.identifier)) == [Self.idm, Self.alice])
    }

    @Test func aCardOfEveryOtherFamilyArrivingWhileATypeATagRestsIsSeenWithinOneRound() {
        let pupi: [UInt8] = [0xB0, 0x14, 0x44, 0x3B]
        let jewel: [UInt8] = [0x11, 0x22, 0x33, 0x44, 0x00, 0x00, 0x00]
        for (tag, id) in [(SimulatedTag(product: .felicaLiteS, uid: Self.idm), Self.idm), (SimulatedTag(product: .typeB, uid: pupi), pupi),
                          (SimulatedTag(product: .topaz512, uid: jewel), Array(jewel.prefix(4)))] {
            let bench = WatcherBench()
            bench.present(Self.alice, at: 1)
            bench.present(tag, at: 2)
            let events = bench.run(until: 3)
            #expect(events.map(\.event.kind) == ["opened sim", "arrived 04A11CE0000001", "arrived " + Hex.encode(id)])
            guard events.count == 3 else { continue }
            // One round: the presence interval and the round's own listings.
            #expect(events[2].time <= WatcherBench.time(2) + bench.timing.presenceInterval + .milliseconds(100))
        }
    }

    @Test func anArrivalInAnEarlierListedFamilyIsTheChipsSelectedTarget() throws {
        let bench = WatcherBench()
        bench.present(Self.alice, at: 1)
        bench.present(SimulatedTag(product: .felicaLiteS, uid: Self.idm), at: 2)
        _ = bench.run(until: 3) { $0.kind == "arrived 012E4CF100000001" }
        let felica = try #require(bench.watcher.field.first { $0.info.identifier == Self.idm })
        // Read Without Encryption of block 0 (service 000B) reaches the card only when the
        // chip's target is the FeliCa card, not the type A tag listed after it in the round.
        let exchange = try #require(bench.watcher.tag(felica).exchange())
        let answer = try exchange.exchange([0x10, 0x06] + Self.idm + [0x01, 0x0B, 0x00, 0x01, 0x80, 0x00], answer: .frame)
        #expect(Array(answer.prefix(2)) == [0x1D, 0x07])
    }

    @Test func aPhoneRestingOnTheReaderIsOneArrivalThoughItsRandomUIDChangesAtEachListing() {
        let bench = WatcherBench()
        bench.present(SimulatedTag(product: .phone, uid: []), at: 1)
        let events = bench.run(until: 6)
        #expect(events.map(\.event.kind).filter { $0.hasPrefix("arrived") || $0.hasPrefix("removed") }.count == 1)
        #expect(bench.watcher.field.count == 1)
        #expect(bench.watcher.field.first?.info.identifier.first == 0x08)
    }

    @Test func aRestingTagIsReportedOnceSetAsideAndAnArrivalAgainOnlyAfterItLeftAndCameBack() {
        var bench = WatcherBench()
        bench.timing.restingAfter = .seconds(2)
        bench = WatcherBench(timing: bench.timing)
        bench.present(Self.alice, at: 1)
        bench.present(Self.bob, at: 5)
        bench.remove(Self.alice, at: 6)
        bench.present(Self.alice, at: 7)
        let events = bench.run(until: 8)
        #expect(events.map(\.event.kind) == [
            "opened sim", "arrived 04A11CE0000001", "resting 04A11CE0000001", "arrived 04B0B000000002", "arrived 04A11CE0000001",
            "resting 04B0B000000002",
        ])
        guard events.count == 6 else { return }
        #expect(events[2].time >= WatcherBench.time(3) && events[2].time <= WatcherBench.time(3) + bench.timing.presenceInterval + .milliseconds(50))
        // Set aside, alice was halted: it never shares a listing with bob again until it came back.
        #expect(bench.watcher.field.map(\.info.identifier) == [Self.alice])
    }

    @Test func aRestingFeliCaCardCannotBeHaltedSoItStaysListedAndIsReportedRemovedWhenItLeaves() {
        var timing = FieldWatcher.Timing(presenceInterval: .milliseconds(150), healthInterval: .seconds(1))
        timing.restingAfter = .seconds(2)
        let bench = WatcherBench(timing: timing)
        bench.present(SimulatedTag(product: .felicaLiteS, uid: Self.idm), at: 1)
        bench.present(Self.alice, at: 4)
        bench.remove(Self.idm, at: 5)
        let events = bench.run(until: 6)
        #expect(events.map(\.event.kind) == [
            "opened sim", "arrived 012E4CF100000001", "resting 012E4CF100000001", "arrived 04A11CE0000001", "removed 012E4CF100000001",
        ])
    }

    @Test func aWatcherOfTypeAAloneNeverSeesAFeliCaCard() {
        let bench = WatcherBench(otherFamilies: [])
        bench.present(SimulatedTag(product: .felicaLiteS, uid: Self.idm), at: 1)
        bench.present(Self.alice, at: 2)
        let events = bench.run(until: 3)
        #expect(events.map(\.event.kind) == ["opened sim", "arrived 04A11CE0000001"])
    }

    @Test func aChipThatStopsAnsweringIsFoundByTheHealthCheckAndResetThroughRSTPDN() {
        let bench = WatcherBench()
        _ = bench.run(until: 1)
        bench.chip.stall()
        let events = bench.run(until: 4)
        #expect(events.map(\.event.kind) == ["lost", "recoveryFailed re-wake", "recovered RSTPD_N reset"])
        let lost = events[0].time
        #expect(lost > WatcherBench.time(1) && lost <= WatcherBench.time(1) + bench.timing.healthInterval)
        #expect(bench.connector.resets == 1)
        #expect(bench.watcher.isWaitingForTag)
    }

    @Test func aTagInTheFieldWhenTheReaderIsLostIsReportedRemovedFirst() {
        let bench = WatcherBench()
        bench.present(Self.alice, at: 0.5)
        _ = bench.run(until: 1)
        bench.chip.stall()
        let events = bench.run(until: 2)
        #expect(events.prefix(2).map(\.event.kind) == ["removed 04A11CE0000001", "lost"])
    }

    @Test func anUnpluggedReaderIsReopenedWithBackoffUntilItIsBack() {
        let bench = WatcherBench()
        _ = bench.run(until: 1)
        bench.chip.stall()
        bench.connector.unplugged = true
        let down = bench.run(until: 8)
        let reopenings = down.filter { $0.event.kind == "recoveryFailed reopen" }.map(\.time)
        #expect(reopenings.count == 3)
        let gaps = zip(reopenings.dropFirst(), reopenings).map { $0 - $1 }
        #expect(gaps == [.seconds(1), .seconds(2)])
        bench.connector.unplugged = false
        let back = bench.run(until: 20)
        #expect(back.map(\.event.kind) == ["recovered reopen"])
        // The fourth reopening comes 4 s after the third; the chip then takes its start-up.
        #expect(back[0].time - reopenings[2] >= .seconds(4) && back[0].time - reopenings[2] < .milliseconds(4100))
        bench.present(Self.bob, at: 21)
        #expect(bench.run(until: 22).map(\.event.kind) == ["arrived 04B0B000000002"])
    }

    @Test func nextWaitsOnTheLinkForAnArrivalAndForTheRemoval() throws {
        let chip = SimulatedPN532()
        let link = SimulatorLink(chip: chip)
        let session = PN532Session(link: link)
        _ = try session.start()
        let watcher = FieldWatcher(session: session, timing: FieldWatcher.Timing(presenceInterval: .milliseconds(100)))
        chip.schedule(.present(SimulatedTag(product: .ntag213, uid: Self.alice)), at: WatcherBench.time(0.5))
        chip.schedule(.remove(uid: Self.alice), at: WatcherBench.time(1.5))
        #expect(try watcher.next(until: WatcherBench.time(0.4)).isEmpty)
        #expect(link.now >= WatcherBench.time(0.4))
        #expect(try watcher.next(until: WatcherBench.time(3)).map(\.kind) == ["arrived 04A11CE0000001"])
        #expect(try watcher.next(until: WatcherBench.time(3)).map(\.kind) == ["removed 04A11CE0000001"])
        #expect(link.now < WatcherBench.time(1.5) + .milliseconds(200))
    }

    @Test func nextWithStopAsksBetweenShortWaitsAndTheChipStillWaitsForTheTag() throws {
        let chip = SimulatedPN532()
        let link = SimulatorLink(chip: chip)
        let session = PN532Session(link: link)
        _ = try session.start()
        let watcher = FieldWatcher(session: session, timing: FieldWatcher.Timing(presenceInterval: .milliseconds(100)))
        chip.schedule(.present(SimulatedTag(product: .ntag213, uid: Self.alice)), at: WatcherBench.time(2))
        var asked = 0
        let events = try watcher.next(until: WatcherBench.time(10)) {
            asked += 1
            return asked > 3
        }
        #expect(events.isEmpty)
        #expect(asked == 4)
        // Three waits of at most the stop-check interval each, not the whole 10 s.
        #expect(link.now <= WatcherBench.time(0) + watcher.timing.stopCheckInterval * 3 + .milliseconds(100))
        #expect(watcher.isWaitingForTag)
        #expect(try watcher.next(until: WatcherBench.time(10)) { false }.map(\.kind) == ["arrived 04A11CE0000001"])
        // Type A has every other 150 ms InAutoPoll window: seen within one window.
        #expect(link.now >= WatcherBench.time(2) && link.now < WatcherBench.time(2.16))
    }

    @Test func forgetFieldReportsTheTagsStillInTheFieldArrivingAgain() throws {
        let chip = SimulatedPN532(tags: [SimulatedTag(product: .ntag213, uid: Self.alice), SimulatedTag(product: .ntag215, uid: Self.bob)])
        let session = PN532Session(link: SimulatorLink(chip: chip))
        _ = try session.start()
        let watcher = FieldWatcher(session: session, timing: FieldWatcher.Timing(presenceInterval: .milliseconds(100)))
        #expect(try watcher.next(until: WatcherBench.time(1)).map(\.kind) == ["arrived 04A11CE0000001 04B0B000000002"])
        #expect(try watcher.next(until: WatcherBench.time(2)).isEmpty)
        watcher.forgetField()
        #expect(watcher.field.isEmpty)
        #expect(try watcher.next(until: WatcherBench.time(3)).map(\.kind) == ["arrived 04A11CE0000001 04B0B000000002"])
        #expect(watcher.field.map(\.info.identifier) == [Self.alice, Self.bob])
    }

    @Test func nextThrowsTheReaderFailureWhenTheChipStopsAnswering() throws {
        let chip = SimulatedPN532(tags: [SimulatedTag(product: .ntag213, uid: Self.alice)])
        let session = PN532Session(link: SimulatorLink(chip: chip))
        _ = try session.start()
        let watcher = FieldWatcher(session: session, timing: FieldWatcher.Timing(presenceInterval: .milliseconds(100)))
        #expect(try watcher.next(until: WatcherBench.time(1)).map(\.kind) == ["arrived 04A11CE0000001"])
        chip.stall()
        #expect(throws: PN532Error.self) { _ = try watcher.next(until: WatcherBench.time(5)) }
        #expect(watcher.field.isEmpty)
    }
}

/// A watcher over the in-process simulator, driven on the link's virtual clock as a door loop
/// drives it: service until the next deadline, let time pass when the chip is not waiting.
private final class WatcherBench {
    let chip: SimulatedPN532
    let connector: SimulatedReaderConnector
    var timing: FieldWatcher.Timing
    let watcher: FieldWatcher

    /// A bench whose field holds tags with `tags` as UIDs from the start, watching type A and
    /// `otherFamilies`.
    init(
        tags: [[UInt8]] = [], otherFamilies: [PassiveModulation] = PN532Session.otherModulations,
        timing: FieldWatcher.Timing = FieldWatcher.Timing(presenceInterval: .milliseconds(150), healthInterval: .seconds(1))
    ) {
        self.timing = timing
        chip = SimulatedPN532(tags: tags.map { SimulatedTag(product: .ntag213, uid: $0) })
        connector = SimulatedReaderConnector(chip: chip)
        let link = connector.link
        watcher = FieldWatcher(connector: connector, timing: timing, otherFamilies: otherFamilies, clock: { link.now })
    }

    func present(_ uid: [UInt8], at seconds: Double) {
        present(SimulatedTag(product: .ntag213, uid: uid), at: seconds)
    }

    func present(_ tag: SimulatedTag, at seconds: Double) {
        chip.schedule(.present(tag), at: Self.time(seconds))
    }

    func remove(_ uid: [UInt8], at seconds: Double) {
        chip.schedule(.remove(uid: uid), at: Self.time(seconds))
    }

    /// The events until `seconds`, each with the time it was reported at; with `stop`, only
    /// until the first event it accepts.
    func run(until seconds: Double, stop: (FieldEvent) -> Bool = { _ in false }) -> [(time: MonotonicTime, event: FieldEvent)] {
        let end = Self.time(seconds)
        let link = connector.link
        var events: [(time: MonotonicTime, event: FieldEvent)] = []
        while link.now < end {
            let deadline = min(watcher.nextDeadline, end)
            events += watcher.service(until: deadline).map { (link.now, $0) }
            if events.contains(where: { stop($0.event) }) { return events }
            let next = min(watcher.nextDeadline, end)
            if link.now < next, !watcher.isWaitingForTag { link.advance(by: next - link.now) }
        }
        return events
    }

    static func time(_ seconds: Double) -> MonotonicTime {
        MonotonicTime(nanoseconds: Int64(seconds * 1e9))
    }
}

extension FieldEvent {
    /// The event in a word and its UIDs, for comparing sequences.
    var kind: String {
        switch self {
        case .opened(let name): "opened \(name)"
        case .arrived(let targets): "arrived " + targets.map { Hex.encode($0.info.identifier) }.joined(separator: " ")
        case .removed(let target): "removed " + Hex.encode(target.info.identifier)
        case .resting(let target): "resting " + Hex.encode(target.info.identifier)
        case .lost: "lost"
        case .recoveryFailed(let step, _): "recoveryFailed \(step)"
        case .recovered(let step): "recovered \(step)"
        }
    }
}

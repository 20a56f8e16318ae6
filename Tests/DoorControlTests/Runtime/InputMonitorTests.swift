import Basics
import DoorControl
import GPIO
import NFCCore
import PN532
import Testing

/// The inputs' debouncing, sampled (no edge descriptors, as with sysfs) and event-driven (as
/// with the character device).
struct InputMonitorTests {
    /// A line whose level the test sets; edges queue a notification when it has a descriptor.
    final class FakeInputIO: GPIOLineIO {
        var high = false {
            didSet { if high != oldValue { pendingEdges += 1 } }
        }
        var pendingEdges = 0
        let descriptor: Int32?
        var reads = 0

        init(descriptor: Int32?) {
            self.descriptor = descriptor
        }

        func readLevel() throws(GPIOError) -> Bool {
            reads += 1
            return high
        }

        func writeLevel(_ high: Bool) throws(GPIOError) {}

        func waitForEdge(timeout: Duration) throws(GPIOError) -> Bool {
            guard pendingEdges > 0 else { return false }
            pendingEdges -= 1
            return true
        }

        var eventDescriptor: Int32? { descriptor }
    }

    final class NoClock: GPIOClock {
        func now() -> Duration { .zero }
        func sleep(for duration: Duration) throws(GPIOError) {}
    }

    static func line(_ io: FakeInputIO, _ offset: Int) throws -> GPIOLine {
        GPIOLine(name: try GPIOLineName("GPIO\(offset)"), activeLow: false, io: io, clock: NoClock())
    }

    static func at(_ milliseconds: Int64) -> MonotonicTime {
        MonotonicTime(nanoseconds: milliseconds * 1_000_000)
    }

    @Test func sampledInputsAreReadEveryIntervalAndDebounced() throws {
        let button = FakeInputIO(descriptor: nil)
        let monitor = try InputMonitor(exitButton: try Self.line(button, 22), doorContact: nil, doorbell: nil, debounce: .milliseconds(30), now: Self.at(0))
        #expect(monitor.descriptors.isEmpty)
        #expect(monitor.nextSample == Self.at(0))
        #expect(try monitor.sample(at: Self.at(0)) == [])
        #expect(monitor.nextSample == Self.at(50))
        button.high = true
        #expect(try monitor.sample(at: Self.at(50)) == [], "a new level must hold for the debounce time")
        #expect(try monitor.sample(at: Self.at(100)) == [.exitRequested])
        button.high = false
        #expect(try monitor.sample(at: Self.at(150)) == [])
        button.high = true
        #expect(try monitor.sample(at: Self.at(160)) == [])
        button.high = false
        #expect(try monitor.sample(at: Self.at(210)) == [], "a bounce back to the old level starts over")
    }

    @Test func edgeDrivenInputsAreReadOnlyOnEdgesAndAtTheEndOfTheDebounce() throws {
        let contact = FakeInputIO(descriptor: 41)
        let button = FakeInputIO(descriptor: 42)
        let monitor = try InputMonitor(
            exitButton: try Self.line(button, 22), doorContact: try Self.line(contact, 23), doorbell: nil,
            debounce: .milliseconds(30), now: Self.at(0))
        #expect(monitor.descriptors == [42, 41])
        #expect(monitor.nextSample == nil, "nothing to read until an edge arrives")

        contact.high = true
        #expect(try monitor.edgesArrived(at: Self.at(1000)) == [])
        #expect(contact.pendingEdges == 0, "the notifications were consumed")
        #expect(monitor.nextSample == Self.at(1030))
        #expect(try monitor.sample(at: Self.at(1030)) == [.doorOpened])
        #expect(monitor.nextSample == nil)

        let readsBefore = button.reads
        contact.high = false
        contact.high = true
        #expect(try monitor.edgesArrived(at: Self.at(2000)) == [], "the door is still open: nothing changed")
        #expect(button.reads == readsBefore + 1, "one read per line per edge")
        contact.high = false
        #expect(try monitor.edgesArrived(at: Self.at(3000)) == [])
        contact.high = true
        contact.high = false
        #expect(try monitor.edgesArrived(at: Self.at(3020)) == [], "a bounce restarts the debounce")
        #expect(monitor.nextSample == Self.at(3050))
        #expect(try monitor.sample(at: Self.at(3050)) == [.doorClosed])
    }

    @Test func oneLineWithoutADescriptorMakesEveryLineSampled() throws {
        let monitor = try InputMonitor(
            exitButton: try Self.line(FakeInputIO(descriptor: 42), 22), doorContact: try Self.line(FakeInputIO(descriptor: nil), 23),
            doorbell: nil, debounce: .zero, now: Self.at(0))
        #expect(monitor.descriptors.isEmpty)
        #expect(monitor.nextSample == Self.at(0))
    }

    @Test func aDoorOpenAtStartIsReported() throws {
        let contact = FakeInputIO(descriptor: 41)
        contact.high = true
        let monitor = try InputMonitor(exitButton: nil, doorContact: try Self.line(contact, 23), doorbell: nil, debounce: .zero, now: Self.at(0))
        #expect(monitor.initialEvents == [.doorOpened])
    }
}

extension InputMonitorTests {
    /// A sampled press is checked again when its debounce ends, not a whole interval later:
    /// a press of `interval` + debounce is always seen.
    @Test func sampledPressIsCheckedWhenItsDebounceEnds() throws {
        let button = FakeInputIO(descriptor: nil)
        let monitor = try InputMonitor(exitButton: try Self.line(button, 22), doorContact: nil, doorbell: nil, debounce: .milliseconds(30), now: Self.at(0))
        #expect(try monitor.sample(at: Self.at(0)) == [])
        button.high = true
        #expect(try monitor.sample(at: Self.at(50)) == [])
        #expect(monitor.nextSample == Self.at(80))
        #expect(try monitor.sample(at: Self.at(80)) == [.exitRequested])
        button.high = false
        #expect(monitor.nextSample == Self.at(130))
    }
}

import Basics
import GPIO
import NFCCore

/// The door's inputs, debounced: a new level counts once it has held for the debounce time.
///
/// When every line can report its edges through a descriptor (the character device, and
/// sysfs inputs whose `edge` the kernel takes), the loop polls `descriptors` and calls
/// `edgesArrived(at:)`; the lines are read only then, and again when a new level has waited
/// out its debounce. Otherwise (sysfs on a line without an interrupt, a copy of the tree) the
/// lines are sampled every `interval`, and again when a new level has waited out its
/// debounce. The door's loop also looks at the inputs between the tag commands of a read, so
/// a read never hides a press.
///
/// What is latched where:
/// - Character device: the kernel queues each edge until it is read; sysfs with `edge`: the
///   kernel flags the open value file until it is read again. Either way the loop wakes at
///   the edge, so a press is seen while it is still held (at most one tag command later
///   during a read) and its debounce runs from there. The notifications carry no time or
///   direction here, so a press that both begins and ends between two looks cannot be told
///   from a bounce and is not counted.
/// - sysfs sampled: nothing is latched; a level is seen only when sampled. A press that
///   begins and ends between two samples is lost; one at least `interval` + debounce long is
///   always seen.
public final class InputMonitor {
    /// How often the inputs are read when they are sampled.
    public static let interval: Duration = .milliseconds(50)

    private struct Input {
        let line: GPIOLine
        let rising: DoorEvent
        let falling: DoorEvent?
        var level: Bool
        var candidate: (level: Bool, since: MonotonicTime)?
    }

    private var inputs: [Input] = []
    private let debounce: Duration
    /// The descriptors to poll for edges; empty when the inputs are sampled instead.
    public let descriptors: [Int32]
    /// When the inputs must next be read: every `interval` when they are sampled; with edge
    /// descriptors, only while a new level waits out its debounce (nil otherwise).
    public private(set) var nextSample: MonotonicTime?

    /// Watches the lines given; the levels they have now are taken as the starting state
    /// (a door already open is reported by `initialEvents`).
    public init(exitButton: GPIOLine?, doorContact: GPIOLine?, doorbell: GPIOLine?, debounce: Duration, now: MonotonicTime) throws(GPIOError) {
        self.debounce = debounce
        if let exitButton { inputs.append(Input(line: exitButton, rising: .exitRequested, falling: nil, level: try exitButton.read())) }
        if let doorContact { inputs.append(Input(line: doorContact, rising: .doorOpened, falling: .doorClosed, level: try doorContact.read())) }
        if let doorbell { inputs.append(Input(line: doorbell, rising: .doorbell, falling: nil, level: try doorbell.read())) }
        let edges = inputs.compactMap(\.line.eventDescriptor)
        descriptors = edges.count == inputs.count ? edges : []
        nextSample = descriptors.isEmpty && !inputs.isEmpty ? now : nil
    }

    /// True when there is nothing to watch.
    public var isEmpty: Bool { inputs.isEmpty }

    /// The door contact's state at start, as an event when the door is open.
    public var initialEvents: [DoorEvent] {
        inputs.filter { $0.rising == .doorOpened && $0.level }.map(\.rising)
    }

    /// Consumes the waiting edge notifications (poll(2) reported a descriptor readable) and
    /// reads the lines. An edge on a line restarts its debounce.
    public func edgesArrived(at now: MonotonicTime) throws(GPIOError) -> [DoorEvent] {
        for index in inputs.indices where try inputs[index].line.drainEvents() {
            if let candidate = inputs[index].candidate { inputs[index].candidate = (candidate.level, now) }
        }
        return try sample(at: now)
    }

    /// Reads the lines and returns the debounced changes.
    public func sample(at now: MonotonicTime) throws(GPIOError) -> [DoorEvent] {
        var events: [DoorEvent] = []
        for index in inputs.indices {
            let level = try inputs[index].line.read()
            guard level != inputs[index].level else {
                inputs[index].candidate = nil
                continue
            }
            guard let candidate = inputs[index].candidate, candidate.level == level else {
                inputs[index].candidate = (level, now)
                if debounce > .zero { continue }
                events += accept(level, index)
                continue
            }
            if now - candidate.since >= debounce { events += accept(level, index) }
        }
        let debounced = inputs.compactMap { $0.candidate.map { $0.since + debounce } }.min()
        nextSample = descriptors.isEmpty ? min(now + Self.interval, debounced ?? now + Self.interval) : debounced
        return events
    }

    private func accept(_ level: Bool, _ index: Int) -> [DoorEvent] {
        inputs[index].level = level
        inputs[index].candidate = nil
        return (level ? inputs[index].rising : inputs[index].falling).map { [$0] } ?? []
    }
}

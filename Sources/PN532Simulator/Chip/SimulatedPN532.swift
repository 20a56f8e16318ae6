import Basics
import NFCCore
import PN532

/// A simulated PN532 with tags in its field, speaking real HSU frames.
///
/// Bytes from the host go in with `receive(_:at:)`; the chip's bytes come out of
/// `output(until:)` at the times the timing model gives (ACK, then the response, each paced at
/// the chip's UART rate). Time is whatever the caller says: a virtual clock in-process, the
/// monotonic clock when served on a pseudo-terminal. The chip starts asleep, as after power-on.
/// It does not use the driver's session code: it is the independent peer the driver is tested
/// against (libnfc checks the frame codec they share).
public final class SimulatedPN532 {
    /// The timing model.
    public var timing: ChipTiming
    /// The chip's UART rate; SetSerialBaudRate changes it.
    public internal(set) var bitsPerSecond = 115_200
    /// Asleep after power-on or PowerDown, until activity on the RX line.
    public internal(set) var isAsleep = true
    /// A stalled chip ignores everything until `reset(at:)`.
    public internal(set) var isStalled = false
    /// Tags in the RF field.
    public internal(set) var field: [SimulatedTag]
    /// Fault: the first tag in the field leaves after this many more tag commands.
    public var removeTagAfterCommands: Int?
    /// Tag commands executed so far.
    public internal(set) var tagCommandCount = 0
    /// Tags that left the field, most recent last, as they were when they left (a person holds
    /// them and may present them again): one per UID, the last `departedTagLimit`.
    public internal(set) var departedTags: [SimulatedTag] = []
    /// How many departed tags are kept, so that a long run's memory stays flat.
    public static let departedTagLimit = 32

    var scanner = FrameScanner()
    var registers = RegisterFile()
    /// The CIU's FIFO and transceiver, as register writes drive them.
    var ciu = CIUTransceiver()
    var outputs: [Output] = []
    var events: [FieldEvent] = []
    var lastResponse: [UInt8]?
    var pendingBaudRate: BaudRate?
    var waitingPoll: WaitingPoll?
    /// The InAutoPoll the chip is running, if any.
    var autoPolling: AutoPollRun?
    var transmitterBusyUntil = MonotonicTime(nanoseconds: 0)
    /// False after a PowerDown whose wake-up sources leave out HSU (bit 4).
    var wakesOnHSU = true
    /// False after a PowerDown whose wake-up sources leave out SPI (bit 5).
    var wakesOnSPI = true
    /// Until then the chip is still starting after a wake-up: bytes are lost.
    var awakeAt = MonotonicTime(nanoseconds: 0)
    /// Called with what the chip does, for `pn532ctl sim --trace`.
    public var trace: ((SimulatorEvent) -> Void)?
    var clock = MonotonicTime(nanoseconds: 0)
    var fieldOn = false
    var passiveActivationRetries: UInt8 = 0xFF
    var communicationTimeout: UInt8 = 0x0A
    var atrResponseTimeout: UInt8 = 0x0B
    var communicationRetries: UInt8 = 0x00
    /// SetParameters flags; power-on: automatic ATR_RES and RATS.
    var parameterFlags: UInt8 = 0x14
    /// RFConfiguration analog items 0A-0D as last written.
    var analogSettings: [UInt8: [UInt8]] = [:]
    /// Active targets: target number → UID. A tag that leaves the field stays a target, as on
    /// the real chip, which only sees that it no longer answers.
    var targets: [UInt8: [UInt8]] = [:]
    /// The target InCommunicateThru speaks to: the last one a poll activated, InSelect chose
    /// or InDataExchange addressed (UM0701 does not say which of two listed targets the chip
    /// keeps; the model keeps the last activated). Void once that target is released.
    var currentTarget: UInt8?
    /// ISO-DEP targets' block numbers (0 or 1) for the next I-block.
    var isoDEPBlockNumbers: [UInt8: UInt8] = [:]
    /// Per target, the rest of an ISO-DEP answer longer than one reply: an InDataExchange of
    /// the target byte alone fetches its next part (the MI bit says more follows).
    var chainedAnswers: [UInt8: [UInt8]] = [:]
    var lastStatus: UInt8 = 0

    /// Bytes on their way to the host, delivered at `time` (when the last byte has arrived).
    struct Output {
        var time: MonotonicTime
        var bytes: [UInt8]
        var isResponse: Bool
    }

    /// A change of the tags in the field.
    public enum FieldChange: Sendable {
        /// A tag enters the field.
        case present(SimulatedTag)
        /// The tag with this UID leaves; nil: every tag leaves.
        case remove(uid: [UInt8]?)
    }

    struct FieldEvent {
        var time: MonotonicTime
        var change: FieldChange
    }

    /// An InListPassiveTarget waiting for a tag (MaxRetries FF), or the poll of one InAutoPoll
    /// window.
    struct WaitingPoll {
        var maxTargets: Int
        var autoPoll: Bool
        /// BrTy: 00 Type A 106 kbps, 01/02 FeliCa 212/424 kbps, 03 Type B, 04 Jewel.
        var modulation: UInt8 = 0x00
        /// InitiatorData: the FeliCa polling payload (`00 SC SC RC TSN`), the Type B AFI.
        var initiatorData: [UInt8] = []
        /// The type InAutoPoll reports its targets as.
        var autoPollType: AutoPollType = .mifare
    }

    /// Creates a chip, asleep, with `tags` in its field.
    public init(tags: [SimulatedTag] = [], timing: ChipTiming = ChipTiming()) {
        field = tags
        self.timing = timing
    }

    /// Schedules a change of the field at `time` (the scenario API).
    public func schedule(_ change: FieldChange, at time: MonotonicTime) {
        events.append(FieldEvent(time: time, change: change))
        events.sort { $0.time < $1.time }
    }

    /// Changes the field at `time` and moves the chip's clock on to it, so that what follows
    /// (a look at `field`, the next command) sees the change: a control channel's `present`
    /// and `remove`, where `schedule(_:at:)` would leave it to the next time the chip is served.
    public func change(_ change: FieldChange, at time: MonotonicTime) {
        schedule(change, at: time)
        advance(to: time)
    }

    /// Bytes from the host whose last byte finished arriving at `time`; each earlier byte
    /// arrived one UART byte time (at the chip's rate) before the next.
    ///
    /// A sleeping chip wakes on any activity on its RX line, as the PN532 does on HSU: the
    /// byte that wakes it and whatever arrives during `timing.wakeUpTime` are lost. Each frame
    /// is handled when its last byte has arrived.
    public func receive(_ bytes: [UInt8], at time: MonotonicTime) {
        guard !isStalled, !bytes.isEmpty else { return advance(to: time) }
        let byteTime = Duration.uart(bytes: 1, bitsPerSecond: bitsPerSecond)
        for (index, byte) in bytes.enumerated() {
            let arrival = MonotonicTime(nanoseconds: time.nanoseconds - (byteTime * (bytes.count - 1 - index)).nanoseconds)
            advance(to: arrival)
            if isAsleep {
                guard wakesOnHSU else { continue }
                isAsleep = false
                awakeAt = arrival + timing.wakeUpTime
                scanner.reset()
                record(at: arrival, .wakeUp(ready: awakeAt))
                continue
            }
            if arrival < awakeAt {
                record(at: arrival, .lostWhileWaking(byte))
                continue
            }
            scanner.append(CollectionOfOne(byte))
            while let result = scanner.next() {
                switch result {
                case .frame(let frame):
                    record(at: arrival, .received(frame))
                    handle(frame, at: arrival)
                case .corrupt(let corrupt):
                    record(at: arrival, .receivedCorrupt(corrupt))
                }
            }
        }
    }

    /// When the chip next has bytes for the host or a field event is due, if ever.
    public var nextActivity: MonotonicTime? {
        [outputs.first?.time, events.first?.time, autoPollOutcome()?.time].compactMap { $0 }.min()
    }

    /// The bytes that have reached the host by `time`.
    public func output(until time: MonotonicTime) -> [UInt8] {
        advance(to: time)
        var bytes: [UInt8] = []
        while let first = outputs.first, first.time <= time {
            bytes += first.bytes
            outputs.removeFirst()
            record(at: first.time, .sent(first.bytes))
        }
        return bytes
    }

    /// The host flushed its output (tcflush(TCOFLUSH)) at `time`: on a pty the bytes not yet
    /// read are gone, where a UART had already sent them. Hosts do this right after the ACK
    /// that closes SetSerialBaudRate, before reopening the port at the new rate; so when the
    /// chip has sent that reply and waits for that ACK, the flush stands for it.
    public func hostFlushedOutput(at time: MonotonicTime) {
        advance(to: time)
        record(at: time, .host("flushed its output"))
        guard pendingBaudRate != nil, !outputs.contains(where: \.isResponse) else { return }
        handle(.ack, at: time)
    }

    /// Sets the chip's UART rate, as a process that raised it and died would leave it.
    public func leaveAtRate(_ rate: BaudRate) {
        bitsPerSecond = rate.bitsPerSecond
    }

    /// Fault: the chip stops answering until it is reset.
    public func stall() {
        isStalled = true
    }

    /// A reset through RSTPD_N: back to the power-on state (asleep, 115200 baud, defaults).
    public func reset(at time: MonotonicTime) {
        advance(to: time)
        isStalled = false
        isAsleep = true
        wakesOnHSU = true
        wakesOnSPI = true
        bitsPerSecond = 115_200
        scanner.reset()
        registers.reset()
        ciu = CIUTransceiver()
        outputs.removeAll()
        lastResponse = nil
        pendingBaudRate = nil
        waitingPoll = nil
        autoPolling = nil
        fieldOn = false
        passiveActivationRetries = 0xFF
        communicationTimeout = 0x0A
        atrResponseTimeout = 0x0B
        communicationRetries = 0x00
        parameterFlags = 0x14
        analogSettings.removeAll()
        targets.removeAll()
        powerOffTags()
        transmitterBusyUntil = time
    }

    /// The RF field goes off: every tag loses power.
    func powerOffTags() {
        for index in field.indices { field[index].powerOff() }
    }

    /// Applies field events up to `time`, completing a waiting poll when a tag arrives and
    /// answering a running InAutoPoll when its polling finds a tag or ends.
    func advance(to time: MonotonicTime) {
        if time > clock { clock = time }
        while true {
            let due = events.first.flatMap { $0.time <= time ? $0 : nil }
            if settleAutoPoll(by: due?.time ?? time) { continue }
            guard let event = due else { break }
            events.removeFirst()
            apply(event.change)
            autoPolling?.since = event.time
            autoPolling?.restarted = false
            if let poll = waitingPoll, !candidates(for: poll).isEmpty {
                waitingPoll = nil
                completePoll(poll, at: event.time)
            }
        }
    }

    func apply(_ change: FieldChange) {
        switch change {
        case .present(var tag):
            tag.powerOff()
            field.removeAll { $0.uid == tag.uid }
            field.append(tag)
        case .remove(let uid):
            let leaving = field.filter { uid == nil || $0.uid == uid }
            departedTags.removeAll { tag in leaving.contains { $0.uid == tag.uid } }
            departedTags += leaving
            departedTags.removeFirst(max(0, departedTags.count - Self.departedTagLimit))
            field.removeAll { uid == nil || $0.uid == uid }
        }
    }

    func handle(_ frame: Frame, at time: MonotonicTime) {
        switch frame {
        case .ack:
            if let rate = pendingBaudRate {
                pendingBaudRate = nil
                bitsPerSecond = rate.bitsPerSecond
                record(at: time, .rate(bitsPerSecond))
            } else {
                cancelResponses(after: time)
            }
        case .nack:
            if let lastResponse { emit(lastResponse, at: time + timing.acknowledgementDelay, isResponse: true) }
        case .information(.hostToChip, let payload):
            cancelResponses(after: time)
            pendingBaudRate = nil
            emit(Self.acknowledgement, at: time + timing.acknowledgementDelay, isResponse: false)
            execute(payload, at: time + timing.acknowledgementDelay)
        case .information(.chipToHost, _), .error:
            break
        }
    }

    /// Queues bytes for the host, after whatever is already being sent.
    func emit(_ bytes: [UInt8], at time: MonotonicTime, isResponse: Bool) {
        let start = max(time, transmitterBusyUntil)
        let end = start + .uart(bytes: bytes.count, bitsPerSecond: bitsPerSecond)
        transmitterBusyUntil = end
        outputs.append(Output(time: end, bytes: bytes, isResponse: isResponse))
        if isResponse { lastResponse = bytes }
    }

    /// Queues a response frame with `payload` (response code and data).
    func respond(_ payload: [UInt8], at time: MonotonicTime) {
        let frame = Frame.information(direction: .chipToHost, payload: payload)
        emit((try? frame.encoded()) ?? Self.syntaxError, at: time, isResponse: true)
    }

    /// Queues the syntax error frame.
    func respondSyntaxError(at time: MonotonicTime) {
        emit(Self.syntaxError, at: time, isResponse: true)
    }

    /// A host ACK or a new command aborts the running one: its response is not sent.
    private func cancelResponses(after time: MonotonicTime) {
        waitingPoll = nil
        autoPolling = nil
        outputs.removeAll { $0.isResponse && $0.time > time }
        transmitterBusyUntil = max(outputs.last?.time ?? time, min(transmitterBusyUntil, time))
    }

    static let acknowledgement: [UInt8] = [0x00, 0x00, 0xFF, 0x00, 0xFF, 0x00]
    static let syntaxError: [UInt8] = [0x00, 0x00, 0xFF, 0x01, 0xFF, 0x7F, 0x81, 0x00]
}

import NFCCore
import PN532
import PN532Reader
import Synchronization

/// Work on a session's reader thread, with the open reader and its chip.
typealias ReaderJob<Value> = @Sendable (ReaderWorker, PN532Session) throws(NFCReaderError) -> Value

/// The engine of both reader sessions: opens the reader on its own thread, watches its field
/// with a `FieldWatcher`, reports the tags in it through `detect` when one arrives, runs tag
/// operations, and ends the session exactly once.
final class ReaderSessionCore: Sendable {
    /// What the engine does after `detect` has seen the targets of one poll.
    enum AfterDetection: Sendable {
        /// Go on polling; the tags in the field are not reported again until they leave it.
        case keepPolling
        /// Stop polling until `restartPolling()`.
        case pause
        /// End the session.
        case invalidate(NFCReaderError)
    }

    private struct Shared {
        var begun = false
        var ending: NFCReaderError?
        var polling = false
        var restartRequested = false
        var alertMessage = ""
        var detections = 0
        var connectedDetection: Int?
    }

    /// What the session wrapping the engine does at each step; cleared when the session ends,
    /// so that the engine and its session do not keep each other alive.
    struct Handlers: Sendable {
        /// Called on the reader thread once the reader is open and polling starts.
        var becameActive: @Sendable () -> Void
        /// Called on the reader thread with the tags in the field (all of one family) when
        /// one has arrived.
        var detect: @Sendable (ReaderWorker, PN532Session, [ListedTarget]) -> AfterDetection
        /// Called on the reader thread once, when the session has ended and the reader is closed.
        var ended: @Sendable (NFCReaderError) -> Void
    }

    let device: NFCReaderDevice
    let timeout: Duration
    /// Where the app's delegate and completion handlers are called.
    let callbacks: SessionCallbacks
    /// The families the field watcher polls between its waits for a type A tag.
    let otherFamilies: [PassiveModulation]
    let worker = ReaderWorker()
    private let thread = ReaderThread()
    private let shared = Mutex(Shared())
    private let handlers = Mutex<Handlers?>(nil)

    init(device: NFCReaderDevice, timeout: Duration, otherFamilies: [PassiveModulation], callbacks: SessionCallbacks) {
        self.device = device
        self.timeout = timeout
        self.callbacks = callbacks
        self.otherFamilies = otherFamilies
    }

    /// Sets what the session does at each step (before `begin()`).
    func install(_ handlers: Handlers) {
        self.handlers.withLock { $0 = handlers }
    }

    /// The message shown to the user (set by the app, and by the session for "more than one tag").
    var alertMessage: String {
        get { shared.withLock { $0.alertMessage } }
        set { shared.withLock { $0.alertMessage = newValue } }
    }

    /// True from `begin()` until the session starts ending.
    var isReady: Bool { shared.withLock { $0.begun && $0.ending == nil } }

    /// A number for the next detection, so that a tag from an earlier poll is known as such.
    func nextDetectionNumber() -> Int {
        shared.withLock { state in
            state.detections += 1
            return state.detections
        }
    }

    /// The detection number of the connected tag; nil when none is connected.
    var connectedDetection: Int? {
        get { shared.withLock { $0.connectedDetection } }
        set { shared.withLock { $0.connectedDetection = newValue } }
    }

    /// The number of the latest detection.
    var latestDetection: Int { shared.withLock { $0.detections } }

    /// Opens the reader and starts polling; a second call does nothing.
    func begin() {
        let first = shared.withLock { state -> Bool in
            defer { state.begun = true }
            return !state.begun && state.ending == nil
        }
        guard first else { return }
        thread.submit { [self] in
            do throws(NFCReaderError) {
                worker.watch(try device.open(), timeout: timeout, otherFamilies: otherFamilies)
            } catch {
                return invalidate(error)
            }
            handlers.withLock { $0 }?.becameActive()
            startPolling()
        }
    }

    /// Forgets the tags reported and polls again (Core NFC's `restartPolling`); the connected
    /// tag is disconnected.
    func restartPolling() {
        let submit = shared.withLock { state -> Bool in
            guard state.begun, state.ending == nil else { return false }
            state.restartRequested = true
            state.connectedDetection = nil
            return !state.polling
        }
        if submit { thread.submit { [self] in startPolling() } }
    }

    /// Ends the session with `error` (the first reason counts): polling stops, the field is
    /// switched off, the reader closed, and `ended` called.
    func invalidate(_ error: NFCReaderError) {
        let first = shared.withLock { state -> Bool in
            guard state.ending == nil else { return false }
            state.ending = error
            return true
        }
        guard first else { return }
        thread.submit { [self] in
            worker.close()
            let last = handlers.withLock { handlers in
                defer { handlers = nil }
                return handlers
            }
            last?.ended(error)
        }
        thread.stop()
    }

    /// Runs `job` on the reader thread with the open chip and passes its result to `completion`
    /// there (at once, on the caller's thread, once the session has ended and its thread is gone).
    /// Jobs run one at a time, in the order they were submitted.
    ///
    /// The result is `readerTransceiveErrorSessionInvalidated` once the session is ending, or
    /// what `job` throws. A reader failure (the chip no longer answering) also ends the session.
    func submit<Value: Sendable>(_ job: @escaping ReaderJob<Value>, then completion: @escaping @Sendable (Result<Value, NFCReaderError>) -> Void) {
        thread.submit { [self] in
            guard shared.withLock({ $0.ending == nil }), let chip = worker.chip else {
                return completion(.failure(.sessionInvalidated))
            }
            do throws(NFCReaderError) {
                completion(.success(try job(worker, chip)))
            } catch {
                if error.code == .readerSessionInvalidationErrorSessionTerminatedUnexpectedly { invalidate(error) }
                completion(.failure(error))
            }
        }
    }

    /// Runs `job` on the reader thread with the open chip (see `submit(_:then:)`).
    ///
    /// - Throws: `readerTransceiveErrorSessionInvalidated` once the session is ending, or what
    ///   `job` throws.
    func perform<Value: Sendable>(_ job: @escaping ReaderJob<Value>) async throws(NFCReaderError) -> Value {
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<Value, NFCReaderError>, Never>) in
            submit(job) { continuation.resume(returning: $0) }
        }
        return try result.get()
    }

    /// Runs `job` on the reader thread and calls the app's `handler` with its result where the
    /// session calls its delegate (`callbacks`): the shape of Core NFC's completion handlers.
    func run<Value: Sendable>(_ job: @escaping ReaderJob<Value>, then handler: @escaping (Result<Value, NFCReaderError>) -> Void) {
        let callback = AppCallback(handler)
        submit(job) { [callbacks] result in
            callbacks.run { callback.call(result) }
        }
    }

    /// The poll loop, on the reader thread: the field watcher waits for tags, and each arrival
    /// is reported with the tags then in the field; a tag that stays is not reported again. Ends
    /// when a detection pauses it, or the session ends or times out; a restart forgets the
    /// field, so that the tags still in it arrive again.
    private func startPolling() {
        shared.withLock { $0.polling = true }
        defer {
            // A restart asked for while this loop was ending (right after the detection that
            // paused it) found polling on and submitted nothing: poll again for it.
            let again = shared.withLock { state -> Bool in
                state.polling = false
                return state.restartRequested && state.ending == nil
            }
            if again { thread.submit { [self] in startPolling() } }
        }
        while true {
            let (ending, restart) = shared.withLock { state -> (Bool, Bool) in
                defer { state.restartRequested = false }
                return (state.ending != nil, state.restartRequested)
            }
            guard !ending, let chip = worker.chip, let watcher = worker.watcher else { return }
            if restart {
                watcher.forgetField()
                worker.connected = nil
                connectedDetection = nil
            }
            guard chip.link.now < worker.deadline else { return invalidate(.sessionTimeout(timeout)) }
            do throws(PN532Error) {
                let events = try watcher.next(until: worker.deadline) {
                    shared.withLock { $0.ending != nil || $0.restartRequested }
                }
                let field = watcher.field
                guard events.contains(where: \.isArrival), !field.isEmpty else { continue }
                guard let detect = handlers.withLock({ $0 })?.detect else { return }
                switch detect(worker, chip, field) {
                case .keepPolling: watcher.deferPresenceCheck()
                case .pause: return
                case .invalidate(let error): return invalidate(error)
                }
            } catch {
                return invalidate(NFCReaderError(error))
            }
        }
    }
}

private extension FieldEvent {
    var isArrival: Bool {
        if case .arrived = self { true } else { false }
    }
}

import Synchronization

/// What a session reports to its async consumers: a buffered sequence of detections that ends
/// when the session is invalidated. Invalidations a Core NFC app expects (the user cancelled,
/// the first tag was read) end it normally; every other one is thrown.
///
/// Iterating it from a task that is then cancelled invalidates the session
/// (`readerSessionInvalidationErrorUserCanceled`): the reader is closed with its field off.
public struct NFCDetectionStream<Element: Sendable>: AsyncSequence, Sendable {
    public typealias Failure = NFCReaderError

    let channel: DetectionChannel<Element>
    let cancel: @Sendable () -> Void

    /// An iterator over the detections.
    public struct AsyncIterator: AsyncIteratorProtocol {
        let channel: DetectionChannel<Element>
        let cancel: @Sendable () -> Void

        /// The next detection; nil once the session is invalidated normally.
        ///
        /// - Throws: the `NFCReaderError` that invalidated the session, unless it was
        ///   `readerSessionInvalidationErrorUserCanceled` or `…FirstNDEFTagRead`.
        public mutating func next(isolation actor: isolated (any Actor)?) async throws(NFCReaderError) -> Element? {
            try await channel.next(onCancel: cancel)
        }

        /// The next detection (see `next(isolation:)`).
        public mutating func next() async throws(NFCReaderError) -> Element? {
            try await channel.next(onCancel: cancel)
        }
    }

    /// An iterator over the detections.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(channel: channel, cancel: cancel)
    }
}

/// The buffer behind `NFCDetectionStream`: detections in order, then the end.
final class DetectionChannel<Element: Sendable>: Sendable {
    private struct State {
        var buffer: [Element] = []
        var end: NFCReaderError?
        var waiter: CheckedContinuation<Result<Element?, NFCReaderError>, Never>?
    }

    private let state = Mutex(State())

    /// Adds a detection (ignored after the end).
    func send(_ element: Element) {
        let waiter = state.withLock { state -> CheckedContinuation<Result<Element?, NFCReaderError>, Never>? in
            guard state.end == nil else { return nil }
            if let waiter = state.waiter {
                state.waiter = nil
                return waiter
            }
            state.buffer.append(element)
            return nil
        }
        waiter?.resume(returning: .success(element))
    }

    /// Ends the sequence with the session's invalidation (the first end counts).
    func finish(_ error: NFCReaderError) {
        let waiter = state.withLock { state -> CheckedContinuation<Result<Element?, NFCReaderError>, Never>? in
            guard state.end == nil else { return nil }
            state.end = error
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: Self.ending(error))
    }

    /// The next detection, nil or a throw at the end; `onCancel` runs when the waiting task
    /// is cancelled.
    func next(onCancel: @escaping @Sendable () -> Void) async throws(NFCReaderError) -> Element? {
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result<Element?, NFCReaderError>, Never>) in
                let ready = state.withLock { state -> Result<Element?, NFCReaderError>? in
                    if !state.buffer.isEmpty { return .success(state.buffer.removeFirst()) }
                    if let end = state.end { return Self.ending(end) }
                    state.waiter = continuation
                    return nil
                }
                if let ready { continuation.resume(returning: ready) }
            }
        } onCancel: {
            onCancel()
        }
        return try result.get()
    }

    private static func ending(_ error: NFCReaderError) -> Result<Element?, NFCReaderError> {
        switch error.code {
        case .readerSessionInvalidationErrorUserCanceled, .readerSessionInvalidationErrorFirstNDEFTagRead: .success(nil)
        default: .failure(error)
        }
    }
}

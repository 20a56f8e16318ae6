import Dispatch

/// Where a session calls the app: its delegate's methods and the completion handlers of tag
/// operations. On the `DispatchQueue` the app gave (Core NFC's `queue:`), else on the session's
/// reader thread, as it goes; one call at a time and in order, either way.
struct SessionCallbacks: Sendable {
    /// The app's queue; nil for the reader thread.
    let queue: DispatchQueue?

    /// Calls `call` now (on the reader thread) or later on the app's queue.
    func run(_ call: @escaping @Sendable () -> Void) {
        if let queue { queue.async(execute: call) } else { call() }
    }

    /// Calls `call` now (on the reader thread) or on the app's queue, and waits for its answer:
    /// for what the session needs to know of the delegate before it goes on.
    func answer<Value>(_ call: () -> Value) -> Value {
        if let queue { queue.sync(execute: call) } else { call() }
    }
}

/// An app's completion handler on its way to the queue or thread that calls it.
///
/// Core NFC's handlers are not `Sendable` (they capture the app's own state) because Core NFC
/// calls them, and the delegate, on one serial queue. So does a session here (`SessionCallbacks`):
/// the handler is called once, from there, and never at the same time as another of the app's
/// callbacks; that is what makes carrying it across threads safe.
struct AppCallback<Argument>: @unchecked Sendable {
    let call: (Argument) -> Void

    init(_ call: @escaping (Argument) -> Void) {
        self.call = call
    }
}

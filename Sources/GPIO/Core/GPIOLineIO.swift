/// What a backend does for one requested line, in physical levels (true = high). The
/// active level and debounce are applied above this, in `GPIOLine`.
public protocol GPIOLineIO: AnyObject {
    /// The line's physical level.
    func readLevel() throws(GPIOError) -> Bool
    /// Drives an output line to a physical level.
    func writeLevel(_ high: Bool) throws(GPIOError)
    /// Waits up to `timeout` for an edge notification; false when none came in time.
    func waitForEdge(timeout: Duration) throws(GPIOError) -> Bool
    /// A descriptor that poll(2) reports readable (POLLIN) while an edge notification is
    /// waiting, for a loop that waits on many things at once; nil when there is none.
    var eventDescriptor: Int32? { get }
}

extension GPIOLineIO {
    /// No descriptor to poll: edges are waited for with `waitForEdge` only.
    public var eventDescriptor: Int32? { nil }
}

/// A sysfs input's `value` file held open for the kernel's edge notifications (its `edge`
/// set to "both"): the kernel flags the open file at every edge until the value is read
/// again, so an edge that comes while nobody waits is still there at the next look.
public protocol SysfsEdgeWatch: AnyObject {
    /// A descriptor poll(2) reports readable (POLLIN) while a notification waits. The value
    /// file itself is always readable and flags edges with POLLPRI, which a loop polling
    /// for POLLIN cannot see, so this is another descriptor that turns one into the other.
    var descriptor: Int32 { get }
    /// Waits up to `timeout` for a notification and consumes it (the value is read again,
    /// which re-arms the file); false when none came in time.
    func wait(timeout: Duration) throws(SysfsFileError) -> Bool
}

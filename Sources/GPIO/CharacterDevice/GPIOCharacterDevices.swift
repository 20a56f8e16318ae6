/// The system calls the character-device backend makes, so tests can put a fake chip that
/// speaks the ioctl protocol on the kernel's byte layouts behind it.
public protocol GPIOCharacterDevices: AnyObject {
    /// The chip device paths (`/dev/gpiochip0`, …), sorted.
    func chipPaths() throws(SystemCallError) -> [String]
    /// Opens a chip; returns its fd.
    func open(_ path: String) throws(SystemCallError) -> Int32
    /// ioctl(fd, request, buffer) with the struct's bytes, updated in place.
    func ioctl(_ fd: Int32, _ request: UInt, _ buffer: inout [UInt8]) throws(SystemCallError)
    /// Reads up to `count` bytes (edge events from a line fd).
    func read(_ fd: Int32, count: Int) throws(SystemCallError) -> [UInt8]
    /// Waits up to `timeout` for `fd` to become readable.
    func poll(_ fd: Int32, timeout: Duration) throws(SystemCallError) -> Bool
    /// Closes an fd.
    func close(_ fd: Int32)
}

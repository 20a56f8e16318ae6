/// A requested line's fd: values through GET/SET_VALUES, edges read as `gpio_v2_line_event`s.
/// Closing the fd releases the line.
final class CdevLineIO: GPIOLineIO {
    private let devices: GPIOCharacterDevices
    private let fd: Int32
    private let line: String
    private let path: String
    private let watchesEdges: Bool

    /// The line fd `fd` from a request on `path`; `line` names it in errors. `watchesEdges`:
    /// the request asked for edge events (an input).
    init(devices: GPIOCharacterDevices, fd: Int32, line: String, path: String, watchesEdges: Bool) {
        self.devices = devices
        self.fd = fd
        self.line = line
        self.path = path
        self.watchesEdges = watchesEdges
    }

    /// The line fd, readable while edge events are queued (inputs only).
    var eventDescriptor: Int32? { watchesEdges ? fd : nil }

    deinit { devices.close(fd) }

    func readLevel() throws(GPIOError) -> Bool {
        var bytes = GPIOV2Encoding.values(high: false)
        try call("reading", request: GPIOV2.getValues, &bytes)
        return bytes.load(UInt64.self, at: GPIOV2.Values.bits) & 1 != 0
    }

    func writeLevel(_ high: Bool) throws(GPIOError) {
        var bytes = GPIOV2Encoding.values(high: high)
        try call("setting \(high ? 1 : 0) on", request: GPIOV2.setValues, &bytes)
    }

    func waitForEdge(timeout: Duration) throws(GPIOError) -> Bool {
        let bytes: [UInt8]
        do throws(SystemCallError) {
            guard try devices.poll(fd, timeout: timeout) else { return false }
            bytes = try devices.read(fd, count: GPIOV2.Event.size * 16)
        } catch {
            throw .system(operation: "\(line): waiting for an edge from", path: path, errno: error.errno)
        }
        guard bytes.count % GPIOV2.Event.size == 0 else {
            throw .malformed("\(line): an edge event read from \(path) was \(bytes.count) bytes, not a multiple of \(GPIOV2.Event.size)")
        }
        return !bytes.isEmpty
    }

    private func call(_ operation: String, request: UInt, _ bytes: inout [UInt8]) throws(GPIOError) {
        do {
            try devices.ioctl(fd, request, &bytes)
        } catch {
            throw GPIOError.system(operation: "\(operation) \(line) requested from", path: path, errno: error.errno)
        }
    }
}

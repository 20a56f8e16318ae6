import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// The character device uAPI v2 (`/dev/gpiochipN`): lines found by name through line info,
/// requested with one `GPIO_V2_GET_LINE_IOCTL` carrying direction, initial value, bias and
/// debounce.
public final class CharacterDeviceGPIO: GPIOBackend {
    private let devices: GPIOCharacterDevices
    private let clock: GPIOClock

    /// The backend over `devices`.
    public init(devices: GPIOCharacterDevices = LinuxCharacterDevices(), clock: GPIOClock = SystemGPIOClock()) {
        self.devices = devices
        self.clock = clock
    }

    public func chips() throws(GPIOError) -> [GPIOChipDescription] {
        var chips: [GPIOChipDescription] = []
        for path in try chipPaths() {
            let chip = try withChip(path) { (fd, info) throws(GPIOError) in
                var lines: [GPIOLineDescription] = []
                for offset in 0..<info.lines { lines.append(try lineInfo(fd, offset: offset, path: path)) }
                return GPIOChipDescription(name: info.name, label: info.label, base: nil, lines: lines)
            }
            chips.append(chip)
        }
        return chips
    }

    public func request(_ request: GPIOLineRequest, chip query: String?) throws(GPIOError) -> GPIOLine {
        let name = request.line.description
        var searched: [String] = []
        for path in try chipPaths() {
            let found: GPIOLine? = try withChip(path) { (fd, info) throws(GPIOError) in
                guard query == nil || query == info.name || query == info.label || query == path else { return nil }
                searched.append(info.label.isEmpty ? info.name : info.label)
                for offset in 0..<info.lines where try lineInfo(fd, offset: offset, path: path).name == name {
                    return try requestLine(fd, offset: offset, request: request, chip: info.label, path: path)
                }
                return nil
            }
            if let found { return found }
        }
        if searched.isEmpty, let query { throw GPIOError.noChip("no GPIO chip '\(query)' under /dev") }
        throw GPIOError.lineNotFound(line: name, chip: searched.joined(separator: ", "))
    }

    private func requestLine(_ fd: Int32, offset: Int, request: GPIOLineRequest, chip: String, path: String) throws(GPIOError) -> GPIOLine {
        var bytes = GPIOV2Encoding.lineRequest(offset: offset, request: request)
        do {
            try devices.ioctl(fd, GPIOV2.getLine, &bytes)
        } catch {
            if error.errno == .resourceBusy {
                let holder = try lineInfo(fd, offset: offset, path: path).consumer
                throw GPIOError.busy(line: request.line.description, chip: chip, consumer: holder)
            }
            throw GPIOError.system(operation: "requesting \(request.line) from", path: path, errno: error.errno)
        }
        let lineFD = bytes.load(Int32.self, at: GPIOV2.Request.fd)
        guard lineFD >= 0 else { throw GPIOError.malformed("\(path) returned no line fd for \(request.line)") }
        // The kernel already inverts (ACTIVE_LOW flag) and debounces (DEBOUNCE attribute), so
        // GPIOLine gets the logical level as "physical" and no software debounce.
        let watchesEdges = if case .input = request.direction { true } else { false }
        let io = CdevLineIO(devices: devices, fd: lineFD, line: "\(request.line) on \(chip)", path: path, watchesEdges: watchesEdges)
        return GPIOLine(name: request.line, activeLow: false, io: io, clock: clock)
    }

    private func chipPaths() throws(GPIOError) -> [String] {
        let paths: [String]
        do {
            paths = try devices.chipPaths()
        } catch {
            throw GPIOError.noInterface("cannot list /dev: \(error.errno.description)")
        }
        guard !paths.isEmpty else {
            throw GPIOError.noInterface("no GPIO chips (/dev/gpiochipN); this kernel lacks the character device "
                + "(before 5.10?) or this is not a board with GPIO")
        }
        return paths
    }

    private func withChip<T>(_ path: String, _ body: (Int32, (name: String, label: String, lines: Int)) throws(GPIOError) -> T) throws(GPIOError) -> T {
        let fd: Int32
        do {
            fd = try devices.open(path)
        } catch {
            throw GPIOError.system(operation: "opening", path: path, errno: error.errno)
        }
        defer { devices.close(fd) }
        var bytes = [UInt8](repeating: 0, count: GPIOV2.ChipInfo.size)
        do {
            try devices.ioctl(fd, GPIOV2.getChipInfo, &bytes)
        } catch {
            throw GPIOError.system(operation: "reading chip info of", path: path, errno: error.errno)
        }
        return try body(fd, GPIOV2Encoding.chipInfo(bytes))
    }

    private func lineInfo(_ fd: Int32, offset: Int, path: String) throws(GPIOError) -> GPIOLineDescription {
        var bytes = GPIOV2Encoding.lineInfoQuery(offset: offset)
        do {
            try devices.ioctl(fd, GPIOV2.getLineInfo, &bytes)
        } catch {
            throw GPIOError.system(operation: "reading line \(offset) info of", path: path, errno: error.errno)
        }
        return GPIOV2Encoding.lineDescription(bytes)
    }
}

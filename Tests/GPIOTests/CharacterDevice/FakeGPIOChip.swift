import Glibc
import GPIO
import SystemPackage

/// One chip behind `/dev/gpiochip0` that answers the uAPI v2 ioctls on the kernel's byte
/// layouts (offsets taken from the C header, not from the Swift code under test): chip and
/// line info, line requests (validated like the kernel: line count, offsets, padding,
/// conflicting flags, EBUSY), values on the line fd, and edge events read from it, scheduled
/// on a virtual clock.
final class FakeGPIOChip: GPIOCharacterDevices {
    struct Line {
        var name: String
        var consumer = ""
        var requested = false
        var output = false
        var activeLow = false
        var high = false
        var debounceMicroseconds: UInt32 = 0
        var flags: UInt64 = 0
    }

    static let path = "/dev/gpiochip0"
    let clock: VirtualClock
    var lines: [Line]
    var label = "pinctrl-bcm2711"
    /// The bytes of the last line request, as received.
    var lastRequest: [UInt8] = []
    /// Physical level changes to come: time, offset, level.
    var scheduled: [(at: Duration, offset: Int, high: Bool)] = []
    private var chipFDs: Set<Int32> = []
    private var lineFDs: [Int32: Int] = [:]
    private var events: [Int32: [UInt8]] = [:]
    private var nextFD: Int32 = 10
    private var sequence: UInt32 = 0

    init(clock: VirtualClock, names: [String]) {
        self.clock = clock
        lines = names.map { Line(name: $0) }
    }

    func chipPaths() throws(SystemCallError) -> [String] { [Self.path] }

    func open(_ path: String) throws(SystemCallError) -> Int32 {
        guard path == Self.path else { throw SystemCallError(Errno(rawValue: ENOENT)) }
        nextFD += 1
        chipFDs.insert(nextFD)
        return nextFD
    }

    func close(_ fd: Int32) {
        chipFDs.remove(fd)
        if let offset = lineFDs.removeValue(forKey: fd) {
            lines[offset].requested = false
            lines[offset].consumer = ""
        }
    }

    func ioctl(_ fd: Int32, _ request: UInt, _ buffer: inout [UInt8]) throws(SystemCallError) {
        if chipFDs.contains(fd) {
            switch request {
            case KernelLayout.getChipInfo: chipInfo(&buffer)
            case KernelLayout.getLineInfo: try lineInfo(&buffer)
            case KernelLayout.getLine: try requestLine(&buffer)
            default: throw SystemCallError(Errno(rawValue: ENOTTY))
            }
        } else if let offset = lineFDs[fd] {
            try values(offset, request, &buffer)
        } else {
            throw SystemCallError(Errno(rawValue: EBADF))
        }
    }

    func poll(_ fd: Int32, timeout: Duration) throws(SystemCallError) -> Bool {
        guard let offset = lineFDs[fd] else { throw SystemCallError(Errno(rawValue: EBADF)) }
        if events[fd, default: []].isEmpty,
            let index = scheduled.firstIndex(where: { $0.offset == offset && $0.at <= clock.time + timeout }) {
            let change = scheduled.remove(at: index)
            clock.time = max(clock.time, change.at)
            if lines[offset].high != change.high {
                lines[offset].high = change.high
                event(fd, offset: offset, rising: change.high != lines[offset].activeLow)
            }
        }
        if events[fd, default: []].isEmpty {
            clock.time += timeout
            return false
        }
        return true
    }

    func read(_ fd: Int32, count: Int) throws(SystemCallError) -> [UInt8] {
        let size = KernelLayout.value("gpio_v2_line_event")
        let pending = events[fd, default: []]
        let taken = min(pending.count, count / size * size)
        guard taken > 0 else { throw SystemCallError(Errno(rawValue: EAGAIN)) }
        events[fd] = Array(pending[taken...])
        return Array(pending[..<taken])
    }

    private func event(_ fd: Int32, offset: Int, rising: Bool) {
        sequence += 1
        var bytes = [UInt8](repeating: 0, count: KernelLayout.value("gpio_v2_line_event"))
        bytes.put(UInt64(clock.time.components.seconds * 1_000_000_000), at: "gpio_v2_line_event.timestamp_ns")
        bytes.put(UInt32(rising ? 1 : 2), at: "gpio_v2_line_event.id")
        bytes.put(UInt32(offset), at: "gpio_v2_line_event.offset")
        bytes.put(sequence, at: "gpio_v2_line_event.seqno")
        bytes.put(sequence, at: "gpio_v2_line_event.line_seqno")
        events[fd, default: []] += bytes
    }

    private func chipInfo(_ buffer: inout [UInt8]) {
        buffer = [UInt8](repeating: 0, count: KernelLayout.value("gpiochip_info"))
        buffer.putString("gpiochip0", at: "gpiochip_info.name")
        buffer.putString(label, at: "gpiochip_info.label")
        buffer.put(UInt32(lines.count), at: "gpiochip_info.lines")
    }

    private func lineInfo(_ buffer: inout [UInt8]) throws(SystemCallError) {
        guard buffer.count == KernelLayout.value("gpio_v2_line_info") else { throw SystemCallError(Errno(rawValue: EFAULT)) }
        let offset = Int(buffer.get(UInt32.self, at: "gpio_v2_line_info.offset"))
        guard offset < lines.count else { throw SystemCallError(Errno(rawValue: EINVAL)) }
        let line = lines[offset]
        buffer = [UInt8](repeating: 0, count: buffer.count)
        buffer.putString(line.name, at: "gpio_v2_line_info.name")
        buffer.putString(line.consumer, at: "gpio_v2_line_info.consumer")
        buffer.put(UInt32(offset), at: "gpio_v2_line_info.offset")
        let flags: UInt64 = (line.requested ? 1 : 0) | (line.output ? 1 << 3 : 1 << 2)
        buffer.put(flags, at: "gpio_v2_line_info.flags")
    }

    private func requestLine(_ buffer: inout [UInt8]) throws(SystemCallError) {
        guard buffer.count == KernelLayout.value("gpio_v2_line_request") else { throw SystemCallError(Errno(rawValue: EFAULT)) }
        lastRequest = buffer
        let config = KernelLayout.value("gpio_v2_line_request.config")
        let count = buffer.get(UInt32.self, at: "gpio_v2_line_request.num_lines")
        let padding = KernelLayout.value("gpio_v2_line_request.padding")
        guard count == 1, buffer[padding..<padding + 20].allSatisfy({ $0 == 0 }) else { throw SystemCallError(Errno(rawValue: EINVAL)) }
        let offset = Int(buffer.get(UInt32.self, at: "gpio_v2_line_request.offsets"))
        let flags = buffer.integer(UInt64.self, at: config + KernelLayout.value("gpio_v2_line_config.flags"))
        let input = flags & (1 << 2) != 0, output = flags & (1 << 3) != 0
        guard offset < lines.count, !(input && output), !(output && flags & (3 << 4) != 0) else {
            throw SystemCallError(Errno(rawValue: EINVAL))
        }
        guard !lines[offset].requested else { throw SystemCallError(Errno(rawValue: EBUSY)) }
        var line = lines[offset]
        line.flags = flags
        if input || output { line.output = output }
        line.activeLow = flags & (1 << 1) != 0
        let attributeCount = Int(buffer.integer(UInt32.self, at: config + KernelLayout.value("gpio_v2_line_config.num_attrs")))
        guard attributeCount <= 10 else { throw SystemCallError(Errno(rawValue: EINVAL)) }
        for index in 0..<attributeCount {
            let base = config + KernelLayout.value("gpio_v2_line_config.attrs") + index * KernelLayout.value("gpio_v2_line_config_attribute")
            let attribute = base + KernelLayout.value("gpio_v2_line_config_attribute.attr")
            guard buffer.integer(UInt64.self, at: base + KernelLayout.value("gpio_v2_line_config_attribute.mask")) & 1 != 0 else { continue }
            switch buffer.integer(UInt32.self, at: attribute + KernelLayout.value("gpio_v2_line_attribute.id")) {
            case 2 where output:
                let logical = buffer.integer(UInt64.self, at: attribute + KernelLayout.value("gpio_v2_line_attribute.values")) & 1 != 0
                line.high = logical != line.activeLow
            case 3 where input:
                line.debounceMicroseconds = buffer.integer(UInt32.self, at: attribute + KernelLayout.value("gpio_v2_line_attribute.debounce_period_us"))
            default: throw SystemCallError(Errno(rawValue: EINVAL))
            }
        }
        line.requested = true
        line.consumer = buffer.text(at: KernelLayout.value("gpio_v2_line_request.consumer"), capacity: 32)
        lines[offset] = line
        nextFD += 1
        lineFDs[nextFD] = offset
        buffer.put(nextFD, at: "gpio_v2_line_request.fd")
    }

    private func values(_ offset: Int, _ request: UInt, _ buffer: inout [UInt8]) throws(SystemCallError) {
        guard buffer.count == KernelLayout.value("gpio_v2_line_values") else { throw SystemCallError(Errno(rawValue: EFAULT)) }
        guard buffer.get(UInt64.self, at: "gpio_v2_line_values.mask") & 1 != 0 else { throw SystemCallError(Errno(rawValue: EINVAL)) }
        switch request {
        case KernelLayout.getValues:
            let logical = lines[offset].high != lines[offset].activeLow
            buffer.put(UInt64(logical ? 1 : 0), at: "gpio_v2_line_values.bits")
        case KernelLayout.setValues:
            guard lines[offset].output else { throw SystemCallError(Errno(rawValue: EPERM)) }
            let logical = buffer.get(UInt64.self, at: "gpio_v2_line_values.bits") & 1 != 0
            lines[offset].high = logical != lines[offset].activeLow
        default:
            throw SystemCallError(Errno(rawValue: ENOTTY))
        }
    }
}

extension Array where Element == UInt8 {
    /// Stores at the C header's offset for "struct.field".
    mutating func put<T: FixedWidthInteger>(_ value: T, at field: String) {
        Swift.withUnsafeBytes(of: value) { replaceSubrange(KernelLayout.value(field)..<KernelLayout.value(field) + $0.count, with: $0) }
    }

    mutating func putString(_ text: String, at field: String) {
        let start = KernelLayout.value(field)
        replaceSubrange(start..<start + text.utf8.count, with: Array(text.utf8))
    }

    func get<T: FixedWidthInteger>(_ type: T.Type, at field: String) -> T {
        integer(type, at: KernelLayout.value(field))
    }

    func integer<T: FixedWidthInteger>(_: T.Type, at offset: Int) -> T {
        var value = T.zero
        Swift.withUnsafeMutableBytes(of: &value) { $0.copyBytes(from: self[offset..<offset + $0.count]) }
        return value
    }

    func text(at offset: Int, capacity: Int) -> String {
        String(decoding: self[offset..<offset + capacity].prefix { $0 != 0 }, as: UTF8.self)
    }
}

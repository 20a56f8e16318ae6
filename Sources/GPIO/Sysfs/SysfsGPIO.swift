import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// The legacy sysfs interface (`/sys/class/gpio`): lines are exported, configured through
/// their files, and numbered from their chip's `base`, which is read, never assumed.
public final class SysfsGPIO: GPIOBackend {
    /// The sysfs directory (`/sys/class/gpio`, or a test tree).
    public let root: String
    /// How long a freshly exported line's files may stay unwritable while udev fixes their
    /// permissions.
    public var permissionGracePeriod: Duration = .seconds(1)
    /// The pause between attempts during the grace period.
    public var permissionRetryInterval: Duration = .milliseconds(20)
    private let files: SysfsFiles
    private let clock: GPIOClock

    /// The backend over `root`.
    public init(root: String = "/sys/class/gpio", files: SysfsFiles = LinuxSysfsFiles(), clock: GPIOClock = SystemGPIOClock()) {
        self.root = root
        self.files = files
        self.clock = clock
    }

    public func chips() throws(GPIOError) -> [GPIOChipDescription] {
        try scanChips().map { chip in
            let lines = (0..<chip.count).map { offset in
                let directory = "\(root)/gpio\(chip.base + offset)"
                let used = files.exists(directory)
                let direction = used ? try? files.readTrimmed("\(directory)/direction") : nil
                return GPIOLineDescription(offset: offset, name: "GPIO\(offset)", used: used, direction: direction)
            }
            return GPIOChipDescription(name: chip.name, label: chip.label, base: chip.base, lines: lines)
        }
    }

    /// The sysfs number of `line`: its chip's base plus its offset.
    public func number(of line: GPIOLineName, chip: String?) throws(GPIOError) -> Int {
        try self.chip(for: line, named: chip).base + line.offset
    }

    public func request(_ request: GPIOLineRequest, chip query: String?) throws(GPIOError) -> GPIOLine {
        let chip = try self.chip(for: request.line, named: query)
        let number = chip.base + request.line.offset
        let line = "\(request.line) (sysfs \(number) on \(chip.label))"
        let directory = "\(root)/gpio\(number)"
        if !files.exists(directory) { try export(number, line: request.line, chip: chip) }
        // An output is held as the character device holds a line: another pn532ctl asking
        // for it is refused before it writes anything (sysfs itself lets anyone write).
        let hold = if case .output = request.direction { try holdOutput(directory, line: request.line, chip: chip) } else { nil as LineHold? }
        // active_low is written 0 so a leftover setting cannot invert twice; GPIOLine applies it.
        try writeSettling("0", to: "\(directory)/active_low", line: line)
        var debounce = Duration.zero
        var edges: SysfsEdgeWatch?
        switch request.direction {
        case .asIs:
            break
        case .output(let initiallyOn):
            // "high"/"low" sets the direction and the level in one write: no glitch.
            try writeSettling(initiallyOn != request.activeLow ? "high" : "low", to: "\(directory)/direction", line: line)
        case .input(let bias, let period):
            guard bias == .asIs else {
                throw GPIOError.unsupported("sysfs cannot set the bias of \(line); use the character-device backend (cdev) or a pull resistor")
            }
            try writeSettling("in", to: "\(directory)/direction", line: line)
            edges = try watchEdges(in: directory, line: line)
            debounce = period
        }
        let io = SysfsLineIO(files: files, valuePath: "\(directory)/value", line: line, edges: edges, hold: hold, clock: clock)
        return GPIOLine(name: request.line, activeLow: request.activeLow, io: io, clock: clock, debounce: debounce)
    }

    /// Writes `gpioN` to `unexport`, releasing the line (an output keeps its level).
    public func unexport(_ line: GPIOLineName, chip: String?) throws(GPIOError) {
        let number = try self.number(of: line, chip: chip)
        do {
            try files.write(String(number), to: "\(root)/unexport")
        } catch {
            throw GPIOError.system(operation: "\(line): unexporting \(number) via", path: error.path, errno: error.errno)
        }
    }

    private func scanChips() throws(GPIOError) -> [SysfsChip] {
        let names: [String]
        do {
            names = try files.contents(ofDirectory: root)
        } catch {
            throw GPIOError.noInterface("cannot read \(root): \(error.errno.description) (is CONFIG_GPIO_SYSFS enabled?)")
        }
        var chips: [SysfsChip] = []
        for name in names where name.hasPrefix("gpiochip") { chips.append(try SysfsChip.read(name, root: root, files: files)) }
        return chips.sorted { $0.base < $1.base }
    }

    /// The chip for `line`: the one named, else the SoC's pin controller (`pinctrl-*`), else
    /// the only chip.
    private func chip(for line: GPIOLineName, named query: String?) throws(GPIOError) -> SysfsChip {
        let chips = try scanChips()
        let names = chips.map { "\($0.name) (\($0.label))" }
        let chip: SysfsChip
        if let query {
            guard let match = chips.first(where: { $0.matches(query) }) else {
                throw GPIOError.noChip("no chip '\(query)' under \(root); chips: \(names.joined(separator: ", "))")
            }
            chip = match
        } else {
            let controllers = chips.filter { $0.label.hasPrefix("pinctrl-") }
            if controllers.count == 1 {
                chip = controllers[0]
            } else if chips.count == 1 {
                chip = chips[0]
            } else if chips.isEmpty {
                throw GPIOError.noInterface("no GPIO chips (gpiochipN) under \(root) (is CONFIG_GPIO_SYSFS enabled?)")
            } else {
                throw GPIOError.ambiguousChip(line: line.description, chips: names)
            }
        }
        guard line.offset < chip.count else { throw GPIOError.lineNotFound(line: line.description, chip: chip.label) }
        return chip
    }

    private func export(_ number: Int, line: GPIOLineName, chip: SysfsChip) throws(GPIOError) {
        do {
            try files.write(String(number), to: "\(root)/export")
        } catch {
            // The kernel refuses a line requested through the character device (by another
            // program) or held by a driver alike; sysfs cannot say which.
            if error.errno == .resourceBusy { throw GPIOError.busy(line: line.description, chip: chip.label, consumer: "") }
            throw GPIOError.system(operation: "\(line): exporting \(number) via", path: error.path, errno: error.errno)
        }
    }

    /// Takes the hold on an output's `value` file; nil when there is no such file yet (the
    /// writes that follow report it).
    private func holdOutput(_ directory: String, line: GPIOLineName, chip: SysfsChip) throws(GPIOError) -> LineHold? {
        let path = "\(directory)/value"
        let hold: LineHold?
        do throws(Errno) {
            hold = try LineHold.take(path, creating: false)
        } catch .noSuchFileOrDirectory {
            return nil
        } catch {
            throw GPIOError.system(operation: "\(line): holding", path: path, errno: error)
        }
        guard let hold else { throw GPIOError.busy(line: line.description, chip: chip.label, consumer: "another pn532ctl") }
        return hold
    }

    /// Sets an input's `edge` to "both" and holds its value file open for the notifications.
    /// Nil when the kernel has no `edge` for the line (it has no interrupt) or refuses the
    /// setting: the line is then sampled, and an edge that comes and goes between two
    /// samples is lost.
    private func watchEdges(in directory: String, line: String) throws(GPIOError) -> SysfsEdgeWatch? {
        let edge = "\(directory)/edge"
        guard files.exists(edge) else { return nil }
        do {
            try writeSettling("both", to: edge, line: line)
        } catch {
            guard case .system = error else { throw error }
            return nil
        }
        do {
            return try files.watchEdges("\(directory)/value")
        } catch {
            throw GPIOError.system(operation: "\(line): watching for edges on", path: error.path, errno: error.errno)
        }
    }

    /// Writes a line's attribute, retrying while udev has not yet made the new files writable.
    private func writeSettling(_ text: String, to path: String, line: String) throws(GPIOError) {
        let start = clock.now()
        while true {
            do {
                try files.write(text, to: path)
                return
            } catch {
                guard [.permissionDenied, .notPermitted, .noSuchFileOrDirectory].contains(error.errno) else {
                    throw GPIOError.system(operation: "\(line): writing '\(text)' to", path: path, errno: error.errno)
                }
                let waited = clock.now() - start
                if waited >= permissionGracePeriod {
                    throw GPIOError.permissionTimeout(line: line, path: path, waited: waited)
                }
                try clock.sleep(for: min(permissionRetryInterval, permissionGracePeriod - waited))
            }
        }
    }
}

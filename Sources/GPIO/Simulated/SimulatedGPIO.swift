import POSIXIO
import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// A model of GPIO lines for trying the door without a board: every line is a file in one
/// directory, named as the board names the line (`GPIO17`), holding its physical level, `0`
/// or `1`. Outputs are written there (atomically: a reader never sees half a write); inputs
/// are read from there, and another program (a second terminal: `echo 1 > DIR/GPIO22`, or
/// `pn532ctl gpio set GPIO22 1 --backend sim`) drives them. Input edges wake the reader
/// through inotify on the directory, so nothing is polled while nothing changes.
///
/// An output is held as the kernel holds a requested line: a second request for it, from
/// this process or another, is refused naming the holder (`SimulatedLineHold`). Inputs are
/// not held: they stand for the wiring, which a second terminal drives.
///
/// It is a model, not a kernel: no bias or drive strength, a line's file may still be written
/// by anyone, and a line exists once something has requested it.
public final class SimulatedGPIO: GPIOBackend {
    /// The chip's name and label, as `gpio list` shows them.
    public static let chipName = "gpiosim"
    public static let chipLabel = "pn532ctl-simulated-gpio"
    /// The lines the simulated chip has (GPIO0 to GPIO63).
    public static let lineCount = 64
    /// The directory the door demo uses.
    public static let defaultDirectory = "/tmp/pn532ctl-door-demo/gpio"

    /// The directory holding the lines' files.
    public let directory: String
    private let clock: GPIOClock

    /// The model whose lines live in `directory`; the directory is made (with its parents)
    /// when a line is first requested as an output or an input.
    public init(directory: String, clock: GPIOClock = SystemGPIOClock()) {
        self.directory = directory
        self.clock = clock
    }

    /// The file holding `line`'s level.
    public func path(of line: GPIOLineName) -> String {
        "\(directory)/\(line)"
    }

    public func chips() throws(GPIOError) -> [GPIOChipDescription] {
        guard isDirectory(directory) else { throw .noInterface(Self.missing(directory)) }
        let lines = (0..<Self.lineCount).map { offset in
            let used = access("\(directory)/GPIO\(offset)", F_OK) == 0
            return GPIOLineDescription(offset: offset, name: "GPIO\(offset)", used: used, consumer: used ? "simulated" : "")
        }
        return [GPIOChipDescription(name: Self.chipName, label: Self.chipLabel, base: nil, lines: lines)]
    }

    public func request(_ request: GPIOLineRequest, chip query: String?) throws(GPIOError) -> GPIOLine {
        if let query, query != Self.chipName, query != Self.chipLabel {
            throw .noChip("no chip '\(query)' in the simulated GPIO; its only chip is \(Self.chipName) (\(Self.chipLabel))")
        }
        guard request.line.offset < Self.lineCount else { throw .lineNotFound(line: request.line.description, chip: Self.chipLabel) }
        let path = path(of: request.line)
        let io: SimulatedLineIO
        var debounce = Duration.zero
        switch request.direction {
        case .asIs:
            guard access(path, F_OK) == 0 else {
                throw .noChip("no simulated line \(path): nothing has requested \(request.line) yet (start the door first)")
            }
            io = try SimulatedLineIO(path: path, line: request.line, watch: nil)
        case .output(let initiallyOn):
            try makeDirectory()
            let hold = try SimulatedLineHold(directory: directory, line: request.line, chip: Self.chipLabel, consumer: request.consumer)
            io = try SimulatedLineIO(path: path, line: request.line, watch: nil, hold: hold, initialLevel: initiallyOn != request.activeLow)
        case .input(let bias, let period):
            debounce = period
            try makeDirectory()
            if access(path, F_OK) != 0 {
                let rest = switch bias {
                case .pullUp: true
                case .pullDown: false
                case .asIs, .disabled: request.activeLow
                }
                try SimulatedLineIO.store(rest, at: path, line: request.line)
            }
            io = try SimulatedLineIO(path: path, line: request.line, watch: try DirectoryWatch(directory: directory))
        }
        return GPIOLine(name: request.line, activeLow: request.activeLow, io: io, clock: clock, debounce: debounce)
    }

    /// What to do when the directory is not there.
    static func missing(_ directory: String) -> String {
        "no simulated GPIO directory \(directory): it is made when a door (or gpio set) on the simulated backend first requests a line"
    }

    /// Makes the directory and its parents (mode 755), as `mkdir -p`.
    private func makeDirectory() throws(GPIOError) {
        var path = directory.hasPrefix("/") ? "" : "."
        for component in directory.split(separator: "/", omittingEmptySubsequences: true) {
            path += "/" + component
            if mkdir(path, 0o755) != 0, errno != EEXIST {
                throw .system(operation: "making the simulated GPIO directory", path: path, errno: .latest)
            }
        }
        guard isDirectory(directory) else { throw .system(operation: "making the simulated GPIO directory", path: directory, errno: .notDirectory) }
    }

    private func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }
}

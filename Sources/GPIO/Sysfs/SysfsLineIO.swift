/// One exported sysfs line: reads and writes `gpioN/value`; an input whose `edge` the kernel
/// took waits on the kernel's notifications, any other line's edges are seen only by sampling.
final class SysfsLineIO: GPIOLineIO {
    private let files: SysfsFiles
    private let valuePath: String
    private let line: String
    private let edges: SysfsEdgeWatch?
    private let hold: LineHold?
    private let clock: GPIOClock

    /// How often a line without notifications is read while an edge is waited for.
    static let sampleInterval: Duration = .milliseconds(50)

    /// The line at `valuePath`; `line` names it in errors ("GPIO17 (sysfs 529)"); `edges`:
    /// its notifications, nil when there are none (the line is then sampled on `clock`);
    /// `hold`: an output's, kept while this lives.
    init(files: SysfsFiles, valuePath: String, line: String, edges: SysfsEdgeWatch?, hold: LineHold?, clock: GPIOClock) {
        self.files = files
        self.valuePath = valuePath
        self.line = line
        self.edges = edges
        self.hold = hold
        self.clock = clock
    }

    /// The watch's descriptor, readable while an edge notification waits; nil when the line
    /// must be sampled.
    var eventDescriptor: Int32? { edges?.descriptor }

    func readLevel() throws(GPIOError) -> Bool {
        let text = try files.readTrimmed(valuePath)
        switch text {
        case "0": return false
        case "1": return true
        default: throw GPIOError.malformed("\(valuePath) for \(line) holds '\(text)', not 0 or 1")
        }
    }

    func writeLevel(_ high: Bool) throws(GPIOError) {
        do {
            try files.write(high ? "1" : "0", to: valuePath)
        } catch {
            throw GPIOError.system(operation: "\(line): writing \(high ? 1 : 0) to", path: valuePath, errno: error.errno)
        }
    }

    /// Without notifications this is one sampling pause (at most `sampleInterval`) that
    /// reports no edge: the caller reads the line after every return and compares.
    func waitForEdge(timeout: Duration) throws(GPIOError) -> Bool {
        guard let edges else {
            try clock.sleep(for: min(timeout, Self.sampleInterval))
            return false
        }
        do {
            return try edges.wait(timeout: timeout)
        } catch {
            throw GPIOError.system(operation: "\(line): waiting for an edge on", path: valuePath, errno: error.errno)
        }
    }
}

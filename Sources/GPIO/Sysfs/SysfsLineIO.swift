/// One exported sysfs line: reads and writes `gpioN/value`, waits on it for edges.
final class SysfsLineIO: GPIOLineIO {
    private let files: SysfsFiles
    private let valuePath: String
    private let line: String

    /// The line at `valuePath`; `line` names it in errors ("GPIO17 (sysfs 529)").
    init(files: SysfsFiles, valuePath: String, line: String) {
        self.files = files
        self.valuePath = valuePath
        self.line = line
    }

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

    func waitForEdge(timeout: Duration) throws(GPIOError) -> Bool {
        do {
            return try files.waitForPriority(valuePath, timeout: timeout)
        } catch {
            throw GPIOError.system(operation: "\(line): waiting for an edge on", path: valuePath, errno: error.errno)
        }
    }
}

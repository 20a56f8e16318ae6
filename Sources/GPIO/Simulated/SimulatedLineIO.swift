import POSIXIO
import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// One simulated line: its file holds the physical level, `0` or `1` (a line feed and blanks
/// around it allowed). An empty file is a write in progress (`echo 1 > FILE` truncates
/// before it writes) and reads as the level last read.
final class SimulatedLineIO: GPIOLineIO {
    /// The most a line's file may hold.
    private static let readLimit = 64

    private let path: String
    private let line: GPIOLineName
    private let watch: DirectoryWatch?
    private let hold: SimulatedLineHold?
    private var lastLevel = false

    /// The line whose file is `path`; `watch` (inputs) reports writes to it; `hold` (outputs)
    /// keeps other requests off it while this lives. With `initialLevel` (outputs) the file
    /// is written at once, else it must hold a level.
    init(path: String, line: GPIOLineName, watch: DirectoryWatch?, hold: SimulatedLineHold? = nil, initialLevel: Bool? = nil) throws(GPIOError) {
        self.path = path
        self.line = line
        self.watch = watch
        self.hold = hold
        if let initialLevel {
            try writeLevel(initialLevel)
        } else {
            lastLevel = try readLevel()
        }
    }

    func readLevel() throws(GPIOError) -> Bool {
        let bytes: [UInt8]
        do throws(Errno) {
            let file = try FileDescriptor.opening(path, .readOnly)
            defer { file.closeQuietly() }
            bytes = try file.readToEnd(limit: Self.readLimit, chunk: Self.readLimit)
        } catch {
            throw .system(operation: "\(line): reading the simulated line", path: path, errno: error)
        }
        let text = String(decoding: bytes, as: UTF8.self).filter { !$0.isWhitespace }
        switch text {
        case "": return lastLevel
        case "0": lastLevel = false
        case "1": lastLevel = true
        default:
            let printable = text.unicodeScalars.allSatisfy { $0.isASCII && $0.value >= 0x20 && $0.value < 0x7F }
            let shown = bytes.count > Self.readLimit ? "more than \(Self.readLimit) bytes" : printable ? "'\(text)'" : "bytes that are not text"
            throw .malformed("\(path) for simulated \(line) holds \(shown), not 0 or 1")
        }
        return lastLevel
    }

    func writeLevel(_ high: Bool) throws(GPIOError) {
        try Self.store(high, at: path, line: line)
        lastLevel = high
    }

    func waitForEdge(timeout: Duration) throws(GPIOError) -> Bool {
        guard let watch else { return false }
        return try watch.waitForChange(of: line.description, timeout: timeout)
    }

    var eventDescriptor: Int32? { watch?.descriptor }

    /// Replaces the file at `path` with `high`'s level, atomically.
    static func store(_ high: Bool, at path: String, line: GPIOLineName) throws(GPIOError) {
        do throws(AtomicCreateError) {
            try AtomicCreate.create(path, with: Array((high ? "1\n" : "0\n").utf8), permissions: [.ownerReadWrite, .groupRead, .otherRead], replacing: true)
        } catch {
            throw .system(operation: "\(line): writing \(high ? 1 : 0) to the simulated line", path: path, errno: error.errno)
        }
    }

    deinit {
        watch?.close()
    }
}

#if canImport(Glibc)
import Glibc
#endif

/// `pn532ctl sim --link PATH` in the background: the simulated PN532 with its default
/// NTAG215 or the tags asked for, served on a pseudo-terminal in real time, reached through a
/// symlink in a temporary directory.
final class PTYSimulator {
    /// The symlink to the pty, to pass as `--device`.
    let devicePath: String
    /// The temporary directory; files put there must be removed before `stop()`.
    let directory: String
    private let process: Subprocess
    /// The write end of the control FIFO, when asked for.
    private var controlFIFO: Int32 = -1

    /// How long the simulator gets to create its pty and symlink.
    private static let startTimeout: Duration = .seconds(10)

    /// Starts the simulator with `tags` (`--tag` specs; none for the default, or no tag at
    /// all when `empty`) and waits until its symlink exists. With `controlled`, its control
    /// commands come from a FIFO that `control(_:)` writes.
    init(pn532ctl: String, tags: [String] = [], empty: Bool = false, controlled: Bool = false) throws(BenchError) {
        var template = Array("/tmp/pn532bench.XXXXXX".utf8CString)
        guard mkdtemp(&template) != nil else { throw BenchError("mkdtemp: \(String(cString: strerror(errno)))") }
        directory = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        devicePath = directory + "/pty"
        let fifo = directory + "/control"
        do throws(BenchError) {
            if controlled {
                guard mkfifo(fifo, 0o600) == 0 else { throw BenchError("mkfifo \(fifo): \(String(cString: strerror(errno)))") }
                // Read-write, as the simulator opens it: this open never waits for the other end.
                controlFIFO = open(fifo, O_RDWR)
                guard controlFIFO >= 0 else { throw BenchError("open \(fifo): \(String(cString: strerror(errno)))") }
            }
            process = try Subprocess(
                pn532ctl, ["sim", "--link", devicePath] + (empty ? ["--empty"] : []) + tags.flatMap { ["--tag", $0] } + (controlled ? ["--control", fifo] : []))
        } catch {
            if controlFIFO >= 0 { close(controlFIFO) }
            unlink(fifo)
            rmdir(directory)
            throw error
        }
        let clock = ContinuousClock()
        let deadline = clock.now + Self.startTimeout
        while access(devicePath, R_OK | W_OK) != 0 {
            guard !process.hasExited, clock.now < deadline else {
                stop()
                throw BenchError("`pn532ctl sim --link \(devicePath)` did not come up within \(Self.startTimeout)")
            }
            usleep(5_000)
        }
    }

    /// Sends one control command (`present SPEC`, `remove`, …); the simulator carries them
    /// out in order.
    func control(_ command: String) throws(BenchError) {
        let bytes = Array((command + "\n").utf8)
        guard controlFIFO >= 0, write(controlFIFO, bytes, bytes.count) == bytes.count else {
            throw BenchError("cannot send `\(command)` to the simulator: \(String(cString: strerror(errno)))")
        }
    }

    /// Stops the simulator (SIGTERM), waits for it and removes the temporary directory.
    func stop() {
        process.terminate()
        process.wait()
        if controlFIFO >= 0 {
            close(controlFIFO)
            controlFIFO = -1
        }
        unlink(directory + "/control")
        unlink(devicePath)
        rmdir(directory)
    }
}

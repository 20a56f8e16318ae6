import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// inotify(7) on one directory, set up before a program starts, so that a test waits for the
/// program's write to a file there instead of sampling the file on a timer.
final class FileWrites {
    private let descriptor: Int32

    /// Watches `directory` for files written and closed, or renamed into it.
    init(in directory: URL) throws {
        descriptor = inotify_init1(Int32(IN_CLOEXEC))
        guard descriptor >= 0, inotify_add_watch(descriptor, directory.path, UInt32(IN_CLOSE_WRITE | IN_MOVED_TO)) >= 0 else {
            throw SimulatorProcessError.unexpectedOutput("inotify on \(directory.path): errno \(errno)")
        }
    }

    deinit { close(descriptor) }

    /// Returns once `condition` holds, checking it now and after each write in the directory;
    /// throws `noReply` when `seconds` pass first.
    func wait(within seconds: Int64 = 20, until condition: () throws -> Bool) throws {
        let deadline = ContinuousClock.now + .seconds(seconds)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while try !condition() {
            let remaining = deadline - ContinuousClock.now
            var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard remaining > .zero, poll(&entry, 1, Int32(remaining.components.seconds * 1000 + 1)) > 0 else {
                throw SimulatorProcessError.noReply
            }
            _ = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        }
    }
}

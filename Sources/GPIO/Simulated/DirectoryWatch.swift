import Basics
import POSIXIO
import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// inotify(7) on one directory: reports files in it written and closed, or renamed into it.
/// Its descriptor is readable while a notification waits, for a loop that polls many things.
final class DirectoryWatch {
    /// The inotify descriptor (non-blocking); -1 once closed.
    private(set) var descriptor: Int32

    /// Watches `directory`.
    init(directory: String) throws(GPIOError) {
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { throw .system(operation: "watching (inotify_init1)", path: directory, errno: .latest) }
        guard inotify_add_watch(descriptor, directory, UInt32(IN_CLOSE_WRITE | IN_MOVED_TO)) >= 0 else {
            let error = Errno.latest
            close()
            throw .system(operation: "watching (inotify_add_watch)", path: directory, errno: error)
        }
    }

    /// Waits up to `timeout` for a notification naming `name`; notifications naming other
    /// files are consumed on the way. False at the timeout.
    func waitForChange(of name: String, timeout: Duration) throws(GPIOError) -> Bool {
        let deadline = MonotonicTime.monotonicNow() + timeout
        while true {
            if try consume().contains(name) { return true }
            let remaining = deadline - MonotonicTime.monotonicNow()
            guard remaining > .zero else { return false }
            var entries = [Poll.entry(descriptor, Int32(POLLIN))]
            do throws(Errno) { _ = try Poll.wait(&entries, timeout: remaining) } catch {
                throw .system(operation: "waiting for a change of", path: name, errno: error)
            }
        }
    }

    /// Reads every waiting notification; the names of the files they concern.
    private func consume() throws(GPIOError) -> Set<String> {
        var names: Set<String> = []
        while true {
            let bytes: [UInt8]
            do throws(Errno) {
                bytes = try FileDescriptor(rawValue: descriptor).readSome(upTo: 4096)
            } catch Errno.wouldBlock {
                return names
            } catch {
                throw .system(operation: "reading inotify notifications for", path: "the simulated GPIO directory", errno: error)
            }
            guard !bytes.isEmpty else { return names }
            names.formUnion(Self.names(in: bytes))
        }
    }

    /// The file names in a buffer of `inotify_event`s (a 16-byte header whose last field is
    /// the length, in the host's byte order, of the NUL-padded name that follows).
    static func names(in bytes: [UInt8]) -> [String] {
        let header = 16
        var names: [String] = []
        var offset = 0
        while bytes.count - offset >= header {
            let length = Int(bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self) })
            let start = offset + header
            guard length <= bytes.count - start else { break }
            names.append(String(decoding: bytes[start..<(start + length)].prefix { $0 != 0 }, as: UTF8.self))
            offset = start + length
        }
        return names
    }

    /// Stops watching.
    func close() {
        if descriptor >= 0 { Glibc.close(descriptor) }
        descriptor = -1
    }
}

import POSIXIO
import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// An output of the simulated backend held as the kernel holds a requested line: an
/// exclusive flock(2) on `DIR/.GPIO17.holder`, which names the holder, for as long as the
/// line is requested (the lock goes with the process). A second request for it, from any
/// process, is refused as the kernel refuses it (EBUSY), naming the holder.
final class SimulatedLineHold {
    private let file: FileDescriptor

    /// Takes `line`'s hold in `directory` for `consumer`.
    ///
    /// - Throws: `GPIOError.busy` naming the holder when another request holds the line.
    init(directory: String, line: GPIOLineName, chip: String, consumer: String) throws(GPIOError) {
        let path = "\(directory)/.\(line).holder"
        do throws(Errno) {
            file = try FileDescriptor.opening(path, .readWrite, options: .create, permissions: [.ownerReadWrite, .groupRead, .otherRead])
        } catch {
            throw .system(operation: "\(line): holding the simulated line with", path: path, errno: error)
        }
        guard flock(file.rawValue, LOCK_EX | LOCK_NB) == 0 else {
            let code = Errno.latest
            let holder = (try? file.readToEnd(limit: 64, chunk: 64)).map { String(decoding: $0, as: UTF8.self) } ?? ""
            file.closeQuietly()
            guard code == .wouldBlock else { throw .system(operation: "\(line): holding the simulated line with", path: path, errno: code) }
            throw .busy(line: line.description, chip: chip, consumer: holder)
        }
        _ = ftruncate(file.rawValue, 0)
        _ = try? file.writeEverything(Array(consumer.utf8.prefix(32)))
    }

    deinit { file.closeQuietly() }
}

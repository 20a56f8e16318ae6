import POSIXIO
import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// An output of the simulated backend held as the kernel holds a requested line: a
/// `LineHold` on `DIR/.GPIO17.holder`, which names the holder, for as long as the line is
/// requested. A second request for it, from any process, is refused as the kernel refuses
/// it (EBUSY), naming the holder.
final class SimulatedLineHold {
    private let hold: LineHold

    /// Takes `line`'s hold in `directory` for `consumer`.
    ///
    /// - Throws: `GPIOError.busy` naming the holder when another request holds the line.
    init(directory: String, line: GPIOLineName, chip: String, consumer: String) throws(GPIOError) {
        let path = "\(directory)/.\(line).holder"
        var holder = ""
        let taken: LineHold?
        do throws(Errno) {
            taken = try LineHold.take(path, creating: true) { file in
                holder = (try? file.readToEnd(limit: 64, chunk: 64)).map { String(decoding: $0, as: UTF8.self) } ?? ""
            }
        } catch {
            throw .system(operation: "\(line): holding the simulated line with", path: path, errno: error)
        }
        guard let taken else { throw .busy(line: line.description, chip: chip, consumer: holder) }
        hold = taken
        _ = ftruncate(hold.file.rawValue, 0)
        _ = try? hold.file.writeEverything(Array(consumer.utf8.prefix(32)))
    }
}

import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The processor time (user and system) process `pid` has used so far, from /proc/PID/stat,
/// to clock-tick resolution.
func processorTime(of pid: Int32) throws -> Duration {
    let text = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
    // The fields after the command name, which is in parentheses and may hold spaces: state
    // first, then utime and stime at 11 and 12.
    guard let close = text.lastIndex(of: ")") else { throw ProcessorTimeError(stat: text) }
    let fields = text[text.index(after: close)...].split(separator: " ")
    guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else { throw ProcessorTimeError(stat: text) }
    return .milliseconds((user + system) * 1000 / sysconf(Int32(_SC_CLK_TCK)))
}

/// /proc/PID/stat in a form `processorTime(of:)` does not read.
struct ProcessorTimeError: Error {
    var stat: String
}

import DoorRecords
import FuzzSupport

#if canImport(Glibc)
import Glibc
#endif

/// libFuzzer entry point for the audit-log reader of `door log`.
///
/// The input is written as an audit log file and read with `AuditLogReader`, and also decoded
/// whole as one line. Invariants: no trap; the reader reports each line that is not blank
/// either as an entry or as corrupt, or refuses the file, naming their count, when none of
/// them is an entry; every entry encodes (`jsonLine`) to a line that decodes to the same entry
/// and is not longer than needed to be one line (no line break).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAuditLog(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let entry = try? AuditEntry(jsonLine: String(decoding: bytes, as: UTF8.self)) { checkRoundTrip(entry) }

    write(bytes, to: logPath)
    let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
        .filter { $0.contains { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D } }
    var entries = 0
    let corrupt: Int
    do throws(AuditLogReadError) {
        corrupt = try AuditLogReader(path: logPath).forEachLine { line in
            entries += 1
            checkRoundTrip(line.entry)
        }
    } catch {
        // A file with lines of which none is an entry is not an audit log: refused, naming the count.
        let refusal = "none of its \(lines.count) line\(lines.count == 1 ? " is" : "s is") an audit entry: is it an audit log?"
        require(entries == 0 && !lines.isEmpty && error.problem == refusal, "the log just written cannot be read: \(error)")
        return 0
    }
    require(entries + corrupt == lines.count, "\(entries) entries and \(corrupt) corrupt lines of \(lines.count)")
    return 0
}

private let logPath = "/tmp/pn532ctl-fuzz-audit-\(getpid()).jsonl"

private func checkRoundTrip(_ entry: AuditEntry) {
    let line = entry.jsonLine
    require(!line.utf8.contains(0x0A), "an entry encodes with a line break: \(line)")
    let again = try? AuditEntry(jsonLine: line)
    require(again == entry, "\(entry) encodes as \(line), which decodes as \(String(describing: again))")
}

/// Replaces the file at `path` with `bytes`.
private func write(_ bytes: [UInt8], to path: String) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    require(descriptor >= 0, "cannot create \(path): errno \(errno)")
    defer { close(descriptor) }
    var written = 0
    while written < bytes.count {
        let count = bytes[written...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        require(count > 0, "cannot write \(path): errno \(errno)")
        written += count
    }
}

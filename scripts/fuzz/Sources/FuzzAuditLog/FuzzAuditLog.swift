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
/// and is not longer than needed to be one line (no line break). The chain check
/// (`AuditChainVerifier`, with an initial key and a door key) checks no more lines than there
/// are and names a break within them; a line's chain members (`AuditChain.link`) and an audit
/// key file's text (`AuditKey(fileText:)`) decode without a trap, a key back to the same text.
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
    checkChain(bytes)
    return 0
}

private let initialKey = AuditKey(line: 1, bytes: [UInt8](repeating: 0x5A, count: AuditKey.length))

/// The chain check and the chain members' and key text's decoders on the same bytes.
private func checkChain(_ bytes: [UInt8]) {
    let text = String(decoding: bytes, as: UTF8.self)
    _ = AuditChain.link(of: text)
    if let key = AuditKey(fileText: text) { require(AuditKey(fileText: key.fileText) == key, "an audit key does not read back from its text") }
    let total = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).count
    let doorKey = AuditKey(line: 3, bytes: [UInt8](repeating: 1, count: AuditKey.length))
    guard let report = try? AuditChainVerifier.verify(path: logPath, key: initialKey, doorKey: doorKey) else { return }
    require(report.lines <= total, "\(report.lines) lines checked of \(total)")
    if let broken = report.broken { require(broken.line >= 1 && broken.line <= total + 1, "a break at line \(broken.line) of \(total)") }
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

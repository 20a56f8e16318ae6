import DoorRecords
import FuzzSupport

#if canImport(Glibc)
import Glibc
#endif

/// libFuzzer entry point: the door's ledger of used unlock nonces as it reads it back from
/// its state directory (`UnlockNonceLedger.load`), the file written with the input. Invariants:
/// no trap; the file reads exactly when its text reads, as the same ledger; a ledger holds at
/// most `capacity` distinct nonces and writes back to text that reads as itself; admitting a
/// nonce it holds is a replay, and a new one is taken or refused as full, never both.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzUnlockLedger(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    write(bytes, to: directory + "/" + UnlockNonceLedger.fileName)
    let parsed = UnlockNonceLedger(fileText: bytes)
    let loaded = try? UnlockNonceLedger.load(from: directory)
    require(parsed == loaded, "the file and its text read differently")
    guard var ledger = parsed else { return 0 }
    let entries = ledger.entries
    require(entries.count <= UnlockNonceLedger.capacity, "\(entries.count) nonces kept")
    require(UnlockNonceLedger(fileText: Array(ledger.fileText.utf8)) == ledger, "the ledger does not read back as itself")
    if let first = entries.first, let kept = try? UnlockCommand(door: "front", nonce: first.nonce, issued: 0, expires: first.expires) {
        var copy = ledger
        do throws(UnlockCommandError) {
            try copy.admit(kept, now: 0)
            require(false, "a kept nonce was admitted again")
        } catch {
            require(error == .replayed, "a kept nonce refused as \(error.code), not replayed")
        }
    }
    guard let fresh = try? UnlockCommand(door: "front", nonce: [UInt8](repeating: 0xFF, count: 32), issued: 0, expires: 1) else { return 0 }
    do throws(UnlockCommandError) {
        try ledger.admit(fresh, now: 0)
        require(ledger.entries.last?.nonce == fresh.nonce && ledger.entries.count <= UnlockNonceLedger.capacity, "a nonce taken but not kept")
    } catch {
        require(error == .replayed || error == .ledgerFull(UnlockNonceLedger.capacity), "refused as \(error.code)")
        require(ledger.entries == entries, "a refusal changed the ledger")
    }
    return 0
}

/// A directory of this process's own, for the ledger file.
private let directory: String = {
    let path = "/tmp/pn532ctl-fuzz-unlock-\(getpid())"
    mkdir(path, 0o700)
    return path
}()

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

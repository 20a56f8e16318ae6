import FleetUplink

/// libFuzzer entry point: the uplink's audit cursor file as it reads it back from its state
/// directory. A file that reads must write back to text that reads the same cursor; anything
/// else is refused with a message. Anything else traps.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAuditCursor(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    do throws(AuditCursor.DecodeError) {
        let cursor = try AuditCursor(fileText: bytes)
        guard cursor.line >= 1, cursor.sequence >= 1, cursor.digest.count == 32 else { preconditionFailure("a cursor out of range read: \(cursor)") }
        guard (try? AuditCursor(fileText: Array(cursor.fileText.utf8))) == cursor else { preconditionFailure("cursor round trip changed: \(cursor.fileText)") }
    } catch {
        guard !error.description.isEmpty else { preconditionFailure("a refusal without a message") }
    }
    return 0
}

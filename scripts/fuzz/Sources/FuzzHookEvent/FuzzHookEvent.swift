import DoorControl
import DoorRecords

/// libFuzzer entry point: the hook runner's datagrams and the kept lines' TOML, both read from
/// outside. A datagram that decodes as an event must re-encode to an event that decodes the
/// same; lines that parse must render and parse back the same. Anything else traps.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHookEvent(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let text = String(validating: bytes, as: UTF8.self) else { return 0 }
    if let event = HookEvent(json: text) {
        guard HookEvent(json: event.json) == event else { preconditionFailure("event round trip changed: \(text)") }
        _ = event.environment
    }
    _ = AuditChain.link(of: text)
    if let lines = try? ReleaseLines.parse(text: text, fileName: "fuzz.toml") {
        guard (try? ReleaseLines.parse(text: lines.rendered, fileName: "rendered.toml")) == lines else {
            preconditionFailure("release lines round trip changed: \(text)")
        }
    }
    return 0
}

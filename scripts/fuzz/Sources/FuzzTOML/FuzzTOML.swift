import DoorControl
import FuzzSupport
import TOML

/// libFuzzer entry point for the TOML parser and the door configuration decoder on top of it.
///
/// The input is the document's text (bytes that are not UTF-8 are replaced). Invariants: no
/// trap and no time-out (libFuzzer's `-timeout`); a configuration that loads renders as TOML
/// that loads back to the same configuration, as `door check-config` promises. Board profiles
/// are looked up where there are none, so nothing is read from disk.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTOML(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    _ = try? TOML.parse(text)
    guard let config = try? load(text) else { return 0 }
    let rendered = config.renderedTOML()
    let again: DoorConfig
    do throws(ConfigError) { again = try load(rendered) } catch {
        fatalError("the rendered configuration does not load (\(error)):\n\(rendered)")
    }
    require(again == config, "the rendered configuration loads differently:\n\(rendered)")
    return 0
}

private func load(_ text: String) throws(ConfigError) -> DoorConfig {
    try DoorConfig.parse(text: text, fileName: "/nonexistent/pn532ctl-fuzz/door.toml", boardsDirectory: "/nonexistent/pn532ctl-fuzz")
}

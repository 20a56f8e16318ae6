import DoorRecords

/// libFuzzer entry point: a message on the door's control socket (from the uplink's account)
/// and a reply as a client reads it, both from outside. A request decodes to one of its three
/// cases, an unknown one named only by printable ASCII; a reply that decodes must re-encode to
/// a reply that decodes the same. Anything else traps.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzControlRequest(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let request = ControlRequest(message: bytes)
    if case .unknown(let name) = request {
        guard !name.isEmpty, name.utf8.allSatisfy({ (0x20...0x7E).contains($0) }) else { preconditionFailure("unknown request named \(name)") }
    }
    guard let text = String(validating: bytes, as: UTF8.self) else { return 0 }
    if let reply = ControlReply(json: text) {
        guard ControlReply(json: reply.json) == reply else { preconditionFailure("reply round trip changed: \(text)") }
    }
    return 0
}

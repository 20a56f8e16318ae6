import DoorRecords

/// libFuzzer entry point: a message on the door's control socket (from the uplink's account)
/// and a reply as a client reads it, both from outside. A request decodes to one of its four
/// cases, an unknown one named only by printable ASCII, an unlock one holding at most
/// `SignedUnlockCommand.sizeLimit` bytes and reading back from its own message; a reply that
/// decodes must re-encode to a reply that decodes the same. Anything else traps.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzControlRequest(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let request = ControlRequest(message: bytes)
    switch request {
    case .unknown(let name):
        guard !name.isEmpty, name.utf8.allSatisfy({ (0x20...0x7E).contains($0) }) else { preconditionFailure("unknown request named \(name)") }
    case .unlock(let command):
        guard command.count <= SignedUnlockCommand.sizeLimit, ControlRequest(message: request.message) == request else {
            preconditionFailure("unlock request of \(command.count) bytes does not read back")
        }
    case .reload, .status:
        break
    }
    guard let text = String(validating: bytes, as: UTF8.self) else { return 0 }
    if let reply = ControlReply(json: text) {
        guard ControlReply(json: reply.json) == reply else { preconditionFailure("reply round trip changed: \(text)") }
    }
    return 0
}

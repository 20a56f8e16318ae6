import NDEF
import Type2

/// libFuzzer entry point: decodes the input as an NDEF message (strict and lenient), decodes
/// every record's content, and as a Type 2 data area. Whatever decodes must re-encode to a
/// message that decodes to the same records; anything else is a bug and traps.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzNDEFDecoder(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    for mode in [DecodingMode.strict, .lenient] {
        checkMessage(bytes, mode: mode)
        if let (_, message) = try? Type2DataArea.ndefMessage(in: bytes, mode: mode) {
            checkMessage(message, mode: mode)
        }
    }
    return 0
}

private func checkMessage(_ bytes: [UInt8], mode: DecodingMode) {
    guard let message = try? NDEFMessage(decoding: bytes, mode: mode) else { return }
    for record in message.records { _ = try? record.content(mode: mode) }
    let reencoded = message.encoded()
    guard reencoded.count == message.length,
        let again = try? NDEFMessage(decoding: reencoded, mode: mode), again == message
    else {
        fatalError("round trip changed the message: \(bytes)")
    }
}

import Credentials

/// libFuzzer entry point for the SUN URL reader: the input, as text, is verified with every
/// known layout and with the layout recognised, with and without a PICC key. Nothing may trap;
/// a message that verifies has a 7-byte UID, a 24-bit counter and file data in whole blocks.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSUNURL(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let url = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    for layout in [nil] + SUNLayout.known.map(Optional.some) {
        for piccKey in [AESKey.factoryDefault, nil] {
            guard let message = try? SUNVerifier(piccKey: piccKey, macKey: .factoryDefault, layout: layout).verify(url: url) else { continue }
            precondition(message.uid.count == SUNVerifier.uidLength, "a UID of \(message.uid.count) bytes")
            precondition(message.counter <= 0xFF_FFFF, "a counter of more than 24 bits")
            precondition((message.fileData?.count ?? 0) % AESKey.length == 0, "file data in part of a block")
        }
    }
    return 0
}

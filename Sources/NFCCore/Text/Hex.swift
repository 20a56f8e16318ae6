/// Upper-case hex bytes separated by spaces (`D4 4A 01 00`), for descriptions and traces.
public func hexText(_ bytes: some Sequence<UInt8>) -> String {
    let digits = Array("0123456789ABCDEF".utf8)
    var text: [UInt8] = []
    for byte in bytes {
        if !text.isEmpty { text.append(UInt8(ascii: " ")) }
        text.append(digits[Int(byte >> 4)])
        text.append(digits[Int(byte & 0x0F)])
    }
    return String(decoding: text, as: UTF8.self)
}

/// One byte as `0x` and two upper-case hex digits: `0x4B`.
public func hexByte(_ byte: UInt8) -> String {
    "0x" + hexText(CollectionOfOne(byte))
}

/// Native-endian field access on the byte images of the kernel's uAPI structs.
extension Array where Element == UInt8 {
    /// Stores an integer's bytes at `offset`.
    mutating func store<T: FixedWidthInteger>(_ value: T, at offset: Int) {
        Swift.withUnsafeBytes(of: value) { replaceSubrange(offset..<offset + $0.count, with: $0) }
    }

    /// Loads an integer from the bytes at `offset`.
    func load<T: FixedWidthInteger>(_: T.Type, at offset: Int) -> T {
        var value = T.zero
        Swift.withUnsafeMutableBytes(of: &value) { $0.copyBytes(from: self[offset..<offset + $0.count]) }
        return value
    }

    /// Stores a NUL-terminated string in a `char[capacity]` field, truncated to fit.
    mutating func storeString(_ text: String, at offset: Int, capacity: Int) {
        let bytes = Array(text.utf8.prefix(capacity - 1))
        replaceSubrange(offset..<offset + bytes.count, with: bytes)
    }

    /// The string in a `char[capacity]` field, up to its NUL.
    func loadString(at offset: Int, capacity: Int) -> String {
        String(decoding: self[offset..<offset + capacity].prefix { $0 != 0 }, as: UTF8.self)
    }
}

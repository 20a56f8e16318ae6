/// Bytes from hex text in tests, white space ignored. Bad hex is a bug in the test itself.
public func hex(_ text: String) -> [UInt8] {
    let digits = text.filter { !$0.isWhitespace }.compactMap(\.hexDigitValue)
    precondition(digits.count % 2 == 0, "odd or invalid hex in test data: \(text)")
    return stride(from: 0, to: digits.count, by: 2).map { UInt8(digits[$0] << 4 | digits[$0 + 1]) }
}

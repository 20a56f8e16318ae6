@testable import PN532

extension FrameScanner {
    /// Every result the buffered bytes give now.
    mutating func drain() -> [ScanResult] {
        var results: [ScanResult] = []
        while let result = next() {
            results.append(result)
        }
        return results
    }

    /// The results of `bytes` fed to a new scanner in one chunk.
    static func results(of bytes: [UInt8]) -> [ScanResult] {
        var scanner = FrameScanner()
        scanner.append(bytes)
        return scanner.drain()
    }
}

/// The bytes of `frame` from its start code to its last checksum, as a normal frame when it
/// fits one, else as an extended frame; `extended` forces the extended form.
func frameCore(_ frame: Frame, extended: Bool = false) throws -> [UInt8] {
    let encoded = try frame.encoded()
    guard extended, case let .information(direction, payload) = frame else {
        return Array(encoded.dropFirst().dropLast())
    }
    let length = payload.count + 1
    let lengthBytes = [UInt8(length >> 8), UInt8(length & 0xFF)]
    let lengthChecksum = 0 &- lengthBytes.reduce(0, &+)
    let dataChecksum = 0 &- payload.reduce(direction.rawValue, &+)
    return [0x00, 0xFF, 0xFF, 0xFF] + lengthBytes + [lengthChecksum, direction.rawValue] + payload
        + [dataChecksum]
}

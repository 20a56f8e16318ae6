/// Finds frames in bytes received from a PN532 (or from a host, in a simulator), however the
/// bytes are split into reads.
///
/// Append bytes as they arrive, then call ``next()`` until it returns `nil`:
///
/// ```swift
/// var scanner = FrameScanner()
/// scanner.append(chunk)
/// while let result = scanner.next() {
///     switch result {
///     case .frame(let frame): handle(frame)
///     case .corrupt(let corrupt): trace(corrupt); send(Frame.nack)
///     }
/// }
/// ```
///
/// An information or error frame counts only with its `00` postamble: a byte lost inside a
/// frame can leave the checksums right, but not the postamble in its place.
///
/// The scanner looks for the `00 FF` start code, so preambles of any length and garbage
/// before a frame (line noise, an I2C status byte) are skipped. Bytes after a frame stay
/// buffered for the next call, so an ACK and a response read together give two frames.
/// Garbage is dropped as soon as it arrives; the buffer holds only bytes that may still belong
/// to a frame, and never grows on the word of a length field: an extended length over the
/// PN532's limit is reported as corrupt at once.
public struct FrameScanner: Sendable {
    private var buffer: [UInt8] = []
    private var start = 0
    /// True when the last frame's `00` postamble was consumed as the last byte buffered: when
    /// the next byte is `FF`, that `00` began a start code, as it does when both arrive together.
    private var postambleMayStartFrame = false

    /// How many bytes other than `00` were discarded while looking for a start code, since
    /// this scanner was created. `00` bytes are not counted: the protocol allows preambles and
    /// postambles of any length.
    public private(set) var garbageByteCount = 0

    /// Creates a scanner with nothing buffered.
    public init() {}

    /// How many received bytes are buffered, not yet part of a returned frame.
    public var bufferedByteCount: Int {
        buffer.count - start
    }

    /// True when the buffer holds the start of a frame that has not been completed: when the
    /// line then goes quiet, bytes of it were lost.
    public var holdsPartialFrame: Bool {
        bufferedByteCount >= 2
    }

    /// Adds received bytes.
    public mutating func append(_ bytes: some Sequence<UInt8>) {
        if start > 0 {
            buffer.removeSubrange(0..<start)
            start = 0
        }
        let bytes = Array(bytes)
        if let first = bytes.first {
            if postambleMayStartFrame && first == 0xFF { buffer.append(0x00) }
            postambleMayStartFrame = false
        }
        buffer.append(contentsOf: bytes)
        skipToStartCode()
    }

    /// Forgets every buffered byte, for instance after a change of baud rate.
    public mutating func reset() {
        buffer.removeAll()
        start = 0
        postambleMayStartFrame = false
    }

    /// The next frame or corrupt frame in the buffered bytes, or `nil` when more bytes are
    /// needed.
    ///
    /// After a corrupt frame the scanner resynchronises on the next start code. When the
    /// length checksum is wrong it searches right after the bad start code, because the length
    /// cannot be trusted; when the length checksum is right it skips the whole frame, so that
    /// data inside a damaged frame is never mistaken for a frame.
    public mutating func next() -> ScanResult? {
        skipToStartCode()
        // Now the buffer starts with `00 FF`, or holds at most a single `00`.
        guard bufferedByteCount >= 4 else { return nil }
        let first = buffer[start + 2]
        let second = buffer[start + 3]
        switch (first, second) {
        case (0x00, 0xFF):
            return accept(.ack, count: 4)
        case (0xFF, 0x00):
            return accept(.nack, count: 4)
        case (0xFF, 0xFF):
            return scanExtended()
        default:
            return scanNormal(length: first, lengthChecksum: second)
        }
    }

    private mutating func scanNormal(length: UInt8, lengthChecksum: UInt8) -> ScanResult? {
        guard sumsToZero([length, lengthChecksum]) else {
            return reject(.lengthChecksumMismatch, examined: 4, consumed: 2)
        }
        guard length > 0 else {
            return reject(.zeroLength, examined: 4, consumed: 4)
        }
        return scanBody(headerCount: 4, length: Int(length))
    }

    private mutating func scanExtended() -> ScanResult? {
        guard bufferedByteCount >= 7 else { return nil }
        guard sumsToZero(buffer[(start + 4)..<(start + 7)]) else {
            return reject(.lengthChecksumMismatch, examined: 7, consumed: 2)
        }
        let length = Int(buffer[start + 4]) << 8 | Int(buffer[start + 5])
        guard length > 0 else {
            return reject(.zeroLength, examined: 7, consumed: 7)
        }
        guard length <= Frame.maximumPayloadCount + 1 else {
            return reject(.lengthExceedsLimit(length), examined: 7, consumed: 7)
        }
        return scanBody(headerCount: 7, length: length)
    }

    /// Checks the TFI, data, DCS and postamble that follow a valid length field of
    /// `headerCount` bytes.
    private mutating func scanBody(headerCount: Int, length: Int) -> ScanResult? {
        let frameCount = headerCount + length + 1
        guard bufferedByteCount >= frameCount + 1 else { return nil }
        let bodyStart = start + headerCount
        let end = start + frameCount
        guard sumsToZero(buffer[bodyStart..<end]) else {
            return reject(.dataChecksumMismatch, examined: frameCount, consumed: frameCount)
        }
        guard buffer[end] == 0x00 else {
            return reject(.missingPostamble(buffer[end]), examined: frameCount + 1, consumed: frameCount)
        }
        let identifier = buffer[bodyStart]
        let payload = Array(buffer[(bodyStart + 1)..<(end - 1)])
        if let direction = FrameDirection(rawValue: identifier) {
            return accept(.information(direction: direction, payload: payload), count: frameCount)
        }
        if identifier == Frame.errorFrameIdentifier && payload.isEmpty {
            return accept(.error, count: frameCount)
        }
        return reject(.unknownFrameIdentifier(identifier), examined: frameCount, consumed: frameCount)
    }

    /// Consumes a frame of `count` bytes from the start code on, and its postamble if present.
    private mutating func accept(_ frame: Frame, count: Int) -> ScanResult {
        start += count
        let postambleIsNotAStartCode = start + 1 >= buffer.count || buffer[start + 1] != 0xFF
        if start < buffer.count && buffer[start] == 0x00 && postambleIsNotAStartCode {
            start += 1
            postambleMayStartFrame = start == buffer.count
        }
        return .frame(frame)
    }

    private mutating func reject(
        _ reason: CorruptFrame.Reason, examined: Int, consumed: Int
    ) -> ScanResult {
        let bytes = Array(buffer[start..<(start + examined)])
        start += consumed
        return .corrupt(CorruptFrame(reason: reason, bytes: bytes))
    }

    /// Drops bytes up to the next `00 FF`, keeping a final `00` that may begin one.
    private mutating func skipToStartCode() {
        var index = start
        while index + 1 < buffer.count {
            if buffer[index] == 0x00 && buffer[index + 1] == 0xFF { break }
            if buffer[index] != 0x00 { garbageByteCount += 1 }
            index += 1
        }
        if index == buffer.count - 1 && buffer[index] != 0x00 {
            garbageByteCount += 1
            index += 1
        }
        start = index
        if start == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            start = 0
        }
    }
}

import Basics
import NFCCore
import PN532
import PN532Simulator

/// A host that talks to a simulated PN532 in raw frames over an in-process link, so that the
/// chip is checked without the driver's session code.
final class FrameHost {
    let chip: SimulatedPN532
    let link: SimulatorLink
    /// When the bytes of the last frame returned had arrived, on the link's clock.
    private(set) var lastArrival = MonotonicTime(nanoseconds: 0)
    private var scanner = FrameScanner()

    /// The HSU wake-up preamble: `55 55` and zeros.
    static let wakeUpPreamble: [UInt8] = [0x55, 0x55] + [UInt8](repeating: 0, count: 14)

    /// A host on a new link to `chip`.
    init(chip: SimulatedPN532) {
        self.chip = chip
        link = SimulatorLink(chip: chip)
    }

    /// A host on a new link to a new chip with `tags` in its field, still asleep.
    convenience init(tags: [SimulatedTag] = []) {
        self.init(chip: SimulatedPN532(tags: tags))
    }

    /// A host whose chip has been woken with the preamble and SAMConfiguration.
    static func awake(tags: [SimulatedTag] = []) throws -> FrameHost {
        let host = FrameHost(tags: tags)
        try host.link.write(wakeUpPreamble)
        try host.send([0x14, 0x01])
        _ = try host.frames()
        return host
    }

    /// Sends a command frame with `payload` (command code and parameters).
    func send(_ payload: [UInt8]) throws {
        try link.write(hostFrame(payload))
    }

    /// The next frame (or corrupt frame) that arrives within `timeout`; nil when none does.
    func next(within timeout: Duration = .milliseconds(100)) throws -> ScanResult? {
        let deadline = link.now + timeout
        while true {
            if let result = scanner.next() { return result }
            let bytes = try link.read(until: deadline)
            guard !bytes.isEmpty else { return nil }
            lastArrival = link.now
            scanner.append(bytes)
        }
    }

    /// Every frame that arrives within `timeout` of the call; corrupt frames are left out.
    func frames(within timeout: Duration = .milliseconds(100)) throws -> [Frame] {
        let deadline = link.now + timeout
        var frames: [Frame] = []
        while link.now < deadline, let result = try next(within: deadline - link.now) {
            if case .frame(let frame) = result { frames.append(frame) }
        }
        return frames
    }

    /// Sends a command and returns the frames that come back within `timeout`.
    func exchange(_ payload: [UInt8], within timeout: Duration = .milliseconds(100)) throws -> [Frame] {
        try send(payload)
        return try frames(within: timeout)
    }

    /// Sends a command and returns the payload of its response when exactly an ACK and one
    /// response frame come back within `timeout`; nil otherwise.
    func response(to payload: [UInt8], within timeout: Duration = .milliseconds(100)) throws -> [UInt8]? {
        let frames = try exchange(payload, within: timeout)
        guard frames.count == 2, frames[0] == .ack, case .information(.chipToHost, let response) = frames[1] else {
            return nil
        }
        return response
    }
}

/// The bytes of a host-to-chip information frame with `payload`.
func hostFrame(_ payload: [UInt8]) throws -> [UInt8] {
    try Frame.information(direction: .hostToChip, payload: payload).encoded()
}

/// A chip-to-host information frame with `payload`.
func chipFrame(_ payload: [UInt8]) -> Frame {
    .information(direction: .chipToHost, payload: payload)
}

/// The valid frames in `bytes`.
func scannedFrames(_ bytes: [UInt8]) -> [Frame] {
    var scanner = FrameScanner()
    scanner.append(bytes)
    var frames: [Frame] = []
    while let result = scanner.next() {
        if case .frame(let frame) = result { frames.append(frame) }
    }
    return frames
}

/// The bytes of an ACK frame.
let acknowledgementBytes: [UInt8] = [0x00, 0x00, 0xFF, 0x00, 0xFF, 0x00]

/// The bytes of a NACK frame.
let negativeAcknowledgementBytes: [UInt8] = [0x00, 0x00, 0xFF, 0xFF, 0x00, 0x00]

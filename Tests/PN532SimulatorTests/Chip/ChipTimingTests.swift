import Basics
import NFCCore
import PN532
import PN532Simulator
import Testing

/// The timing model: a round trip costs the wire time of its frames at the UART rate plus the
/// chip's ACK delay and processing time.
struct ChipTimingTests {
    /// The lengths of GetFirmwareVersion's frame, its ACK and its response on the wire.
    static let commandLength = 9
    static let acknowledgementLength = 6
    static let responseLength = 13

    /// The time from sending GetFirmwareVersion to the last byte of its ACK and of its response.
    static func firmwareRoundTrip(_ host: FrameHost) throws -> (acknowledged: Duration, answered: Duration) {
        let sent = host.link.now
        try host.send([0x02])
        #expect(try host.next() == .frame(.ack))
        let acknowledged = host.lastArrival - sent
        #expect(try host.next() == .frame(chipFrame([0x03, 0x32, 0x01, 0x06, 0x07])))
        return (acknowledged, host.lastArrival - sent)
    }

    /// A host and chip woken at 115200, then switched to `rate` with SetSerialBaudRate.
    static func awake(at rate: BaudRate) throws -> FrameHost {
        let host = try FrameHost.awake()
        guard rate != .bps115200 else { return host }
        #expect(try host.response(to: [0x10, rate.rawValue]) == [0x11])
        try host.link.write(acknowledgementBytes)
        try host.link.setBitsPerSecond(rate.bitsPerSecond)
        return host
    }

    @Test(arguments: [BaudRate.bps115200, .bps921600])
    func aRoundTripIsTheWireTimeAndTheChipsDelays(rate: BaudRate) throws {
        let host = try Self.awake(at: rate)
        let timing = host.chip.timing
        let wire = { (bytes: Int) in Duration.uart(bytes: bytes, bitsPerSecond: rate.bitsPerSecond) }
        let (acknowledged, answered) = try Self.firmwareRoundTrip(host)
        #expect(acknowledged == wire(Self.commandLength) + timing.acknowledgementDelay + wire(Self.acknowledgementLength))
        let wireTotal = wire(Self.commandLength) + wire(Self.acknowledgementLength) + wire(Self.responseLength)
        #expect(answered >= wireTotal)
        #expect(answered <= wireTotal + timing.acknowledgementDelay + timing.processing)
    }

    @Test func aRoundTripIsFasterAt921600() throws {
        let slow = try Self.firmwareRoundTrip(try Self.awake(at: .bps115200)).answered
        let fast = try Self.firmwareRoundTrip(try Self.awake(at: .bps921600)).answered
        let frames = Self.commandLength + Self.responseLength
        #expect(slow - fast >= .uart(bytes: frames, bitsPerSecond: 115_200) - .uart(bytes: frames, bitsPerSecond: 921_600))
    }
}

import Basics
import NFCCore
import PN532
import PN532Simulator
import Testing

/// The chip's frame protocol: sleep and wake-up, ACK then response, syntax errors, NACK,
/// the host's ACK, stall and reset.
struct SimulatedPN532Tests {
    static let firmwareResponse = chipFrame([0x03, 0x32, 0x01, 0x06, 0x07])

    @Test func aCommandThatWakesTheChipIsLostAndTheNextAnswered() throws {
        let host = FrameHost()
        #expect(try host.exchange([0x02]) == [])
        #expect(!host.chip.isAsleep)
        #expect(try host.exchange([0x02]) == [.ack, Self.firmwareResponse])
    }

    @Test func zerosWakeTheChipAsNfcpySendsThem() throws {
        let host = FrameHost()
        try host.link.write([UInt8](repeating: 0, count: 10))
        #expect(try host.exchange([0x02]) == [.ack, Self.firmwareResponse])
    }

    @Test func aFrameStartingWithinTheWakeUpTimeIsLost() throws {
        let host = FrameHost()
        try host.link.write([0x00])
        #expect(try host.exchange([0x02]) == [])
        #expect(!host.chip.isAsleep)
    }

    @Test func aFrameStartingAfterTheWakeUpTimeIsAnswered() throws {
        let host = FrameHost()
        let byte = Duration.uart(bytes: 1, bitsPerSecond: 115_200).nanoseconds
        let zeros = Int(host.chip.timing.wakeUpTime.nanoseconds / byte) + 1
        try host.link.write([UInt8](repeating: 0, count: zeros))
        #expect(try host.exchange([0x02]) == [.ack, Self.firmwareResponse])
    }

    @Test func theWakeUpPreambleWakesTheChip() throws {
        let host = FrameHost()
        try host.link.write(FrameHost.wakeUpPreamble)
        #expect(try host.exchange([0x14, 0x01]) == [.ack, chipFrame([0x15])])
        #expect(!host.chip.isAsleep)
    }

    @Test func aCommandIsAcknowledgedThenAnswered() throws {
        let host = try FrameHost.awake()
        #expect(try host.exchange([0x02]) == [.ack, Self.firmwareResponse])
    }

    @Test(arguments: [
        [0x03] as [UInt8],  // not a command code
        [0x4A, 0x03, 0x00],  // InListPassiveTarget with MaxTg 3
        [0x06, 0x63],  // ReadRegister with half an address
        [0x10, 0x09],  // SetSerialBaudRate to a rate that does not exist
        [0x32, 0x01],  // RFConfiguration field item without its value
    ])
    func aMalformedCommandIsAcknowledgedThenAnsweredWithASyntaxError(payload: [UInt8]) throws {
        let host = try FrameHost.awake()
        #expect(try host.exchange(payload) == [.ack, .error])
    }

    @Test func aNACKGetsTheLastResponseAgain() throws {
        let host = try FrameHost.awake()
        _ = try host.exchange([0x02])
        try host.link.write(negativeAcknowledgementBytes)
        #expect(try host.frames() == [Self.firmwareResponse])
    }

    @Test func aCorruptCommandIsIgnored() throws {
        let host = try FrameHost.awake()
        var bytes = try hostFrame([0x02])
        bytes[6] ^= 0x01
        try host.link.write(bytes)
        #expect(try host.frames() == [])
        #expect(try host.exchange([0x02]) == [.ack, Self.firmwareResponse])
    }

    @Test func theHostsACKAbortsARunningCommand() throws {
        let host = try FrameHost.awake()
        #expect(try host.exchange([0x4A, 0x01, 0x00]) == [.ack])
        try host.link.write(acknowledgementBytes)
        host.chip.schedule(.present(SimulatedTag(product: .ntag213)), at: host.link.now + .milliseconds(10))
        #expect(try host.frames() == [])
        #expect(try host.exchange([0x02]) == [.ack, Self.firmwareResponse])
    }

    @Test func setSerialBaudRateTakesEffectWithTheHostsACK() throws {
        let host = try FrameHost.awake()
        #expect(try host.exchange([0x10, BaudRate.bps921600.rawValue]) == [.ack, chipFrame([0x11])])
        #expect(host.chip.bitsPerSecond == 115_200)
        try host.link.write(acknowledgementBytes)
        try host.link.setBitsPerSecond(921_600)
        #expect(host.chip.bitsPerSecond == 921_600)
        #expect(try host.exchange([0x02]) == [.ack, Self.firmwareResponse])
    }

    @Test func aStalledChipAnswersNothingUntilReset() throws {
        let host = try FrameHost.awake()
        host.chip.stall()
        #expect(try host.exchange([0x02]) == [])
        try host.link.write(FrameHost.wakeUpPreamble)
        #expect(try host.exchange([0x14, 0x01]) == [])
        host.chip.reset(at: host.link.now)
        #expect(host.chip.isAsleep)
        try host.link.write(FrameHost.wakeUpPreamble)
        #expect(try host.exchange([0x14, 0x01]) == [.ack, chipFrame([0x15])])
        #expect(try host.exchange([0x02]) == [.ack, Self.firmwareResponse])
    }

    @Test func aResetBringsTheChipBackTo115200() throws {
        let host = try FrameHost.awake()
        host.chip.leaveAtRate(.bps921600)
        host.chip.reset(at: host.link.now)
        #expect(host.chip.bitsPerSecond == 115_200)
    }
}

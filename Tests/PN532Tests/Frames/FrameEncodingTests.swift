import TestSupport
import Testing
@testable import PN532

@Suite("Frame encoding: fixed frames, captured commands, normal and extended lengths")
struct FrameEncodingTests {
    @Test func fixedFramesHaveTheirDocumentedBytes() throws {
        #expect(try Frame.ack.encoded() == hex("00 00 FF 00 FF 00"))
        #expect(try Frame.nack.encoded() == hex("00 00 FF FF 00 00"))
        #expect(try Frame.error.encoded() == hex("00 00 FF 01 FF 7F 81 00"))
    }

    /// Commands captured from real hardware, with their verified checksums.
    static let capturedCommands: [(Command, String)] = [
        (.samConfiguration(), "00 00 FF 03 FD D4 14 01 17 00"),
        (.getFirmwareVersion, "00 00 FF 02 FE D4 02 2A 00"),
        (.rfConfiguration(.maxRetries(atr: 0x00, psl: 0x01, passiveActivation: 0x02)),
         "00 00 FF 06 FA D4 32 05 00 01 02 F2 00"),
        (.inListPassiveTarget(maxTargets: 1, baud: .typeA106), "00 00 FF 04 FC D4 4A 01 00 E1 00"),
    ]

    @Test(arguments: capturedCommands)
    func capturedCommandEncodesByteExactly(_ command: Command, _ wire: String) throws {
        #expect(try command.frame.encoded() == hex(wire))
    }

    @Test func capturedResponsesEncodeByteExactly() throws {
        let firmware = Frame.information(direction: .chipToHost, payload: hex("03 32 01 06 07"))
        #expect(try firmware.encoded() == hex("00 00 FF 06 FA D5 03 32 01 06 07 E8 00"))
        let noTarget = Frame.information(direction: .chipToHost, payload: hex("4B 00"))
        #expect(try noTarget.encoded() == hex("00 00 FF 03 FD D5 4B 00 E0 00"))
    }

    @Test func largestNormalFrameHasLengthFF() throws {
        let payload = [UInt8](repeating: 0xA5, count: Frame.maximumNormalPayloadCount)
        let bytes = try Frame.information(direction: .hostToChip, payload: payload).encoded()
        #expect(Array(bytes.prefix(6)) == hex("00 00 FF FF 01 D4"))
        #expect(bytes.count == 3 + 2 + 1 + 254 + 2)
    }

    @Test func oneByteMoreGivesAnExtendedFrame() throws {
        let payload = [UInt8](repeating: 0xA5, count: Frame.maximumNormalPayloadCount + 1)
        let bytes = try Frame.information(direction: .hostToChip, payload: payload).encoded()
        #expect(Array(bytes.prefix(9)) == hex("00 00 FF FF FF 01 00 FF D4"))
        #expect(bytes.count == 3 + 5 + 1 + 255 + 2)
    }

    @Test func largestExtendedFrameCarries264Bytes() throws {
        let payload = [UInt8](repeating: 0x01, count: Frame.maximumPayloadCount)
        let bytes = try Frame.information(direction: .chipToHost, payload: payload).encoded()
        #expect(Array(bytes.prefix(9)) == hex("00 00 FF FF FF 01 09 F6 D5"))
        #expect(bytes.suffix(2) == [0 &- (0xD5 &+ UInt8(truncatingIfNeeded: 264)), 0x00])
    }

    @Test func payloadOverTheLimitIsRejected() {
        let payload = [UInt8](repeating: 0, count: Frame.maximumPayloadCount + 1)
        #expect(throws: FrameEncodingError.payloadTooLong(count: 265)) {
            try Frame.information(direction: .hostToChip, payload: payload).encoded()
        }
    }

    @Test func emptyPayloadIsATFIOnlyFrame() throws {
        let bytes = try Frame.information(direction: .chipToHost, payload: []).encoded()
        #expect(bytes == hex("00 00 FF 01 FF D5 2B 00"))
    }

    @Test func checksumsSumToZeroForRandomPayloads() throws {
        var random = SeededGenerator(seed: 0x5EED_0001)
        for _ in 0..<300 {
            let payload = random.bytes(Int.random(in: 0...Frame.maximumPayloadCount, using: &random))
            let direction = FrameDirection.allCases.randomElement(using: &random) ?? .hostToChip
            let bytes = try Frame.information(direction: direction, payload: payload).encoded()
            let extended = payload.count > Frame.maximumNormalPayloadCount
            let lengthField = extended ? bytes[5...7] : bytes[3...4]
            let body = bytes[(lengthField.endIndex)..<(bytes.count - 1)]
            #expect(lengthField.reduce(0, &+) == 0)
            #expect(body.reduce(0, &+) == 0)
            #expect(body.first == direction.rawValue)
            #expect(body.count == payload.count + 2)
            #expect(bytes.first == 0x00 && bytes.last == 0x00)
        }
    }

    @Test func descriptionsNameTheFrame() {
        #expect(Frame.ack.description == "ACK")
        #expect(Frame.nack.description == "NACK")
        #expect(Frame.error.description == "syntax error")
        #expect(Frame.information(direction: .hostToChip, payload: hex("4A 01 00")).description
            == "host→chip 4A 01 00")
    }
}

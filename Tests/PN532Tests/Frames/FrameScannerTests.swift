import TestSupport
import Testing
@testable import PN532

@Suite("Frame scanner: captured responses, garbage, splitting, resynchronisation, limits")
struct FrameScannerTests {
    static let firmwareResponse = hex("00 00 FF 06 FA D5 03 32 01 06 07 E8 00")
    static let firmwareFrame = Frame.information(direction: .chipToHost, payload: hex("03 32 01 06 07"))
    static let ack = hex("00 00 FF 00 FF 00")

    /// Responses captured from real hardware and the frames they hold.
    static let capturedResponses: [(String, Frame)] = [
        ("00 00 FF 00 FF 00", .ack),
        ("00 00 FF 06 FA D5 03 32 01 06 07 E8 00", firmwareFrame),
        ("00 00 FF 02 FE D5 33 F8 00", .information(direction: .chipToHost, payload: hex("33"))),
        ("00 00 FF 03 FD D5 4B 00 E0 00", .information(direction: .chipToHost, payload: hex("4B 00"))),
        ("00 00 FF 01 FF 7F 81 00", .error),
        ("00 00 FF FF 00 00", .nack),
    ]

    @Test(arguments: capturedResponses)
    func capturedResponseDecodes(_ wire: String, _ frame: Frame) throws {
        var scanner = FrameScanner()
        scanner.append(hex(wire))
        #expect(scanner.next() == .frame(frame))
        #expect(scanner.next() == nil)
        #expect(scanner.bufferedByteCount == 0)
        #expect(scanner.garbageByteCount == 0)
        #expect(try frame.encoded() == hex(wire))
    }

    @Test func i2cStatusByteBeforeAnACKIsSkippedAsGarbage() {
        var scanner = FrameScanner()
        scanner.append(hex("01") + Self.ack)
        #expect(scanner.next() == .frame(.ack))
        #expect(scanner.garbageByteCount == 1)
    }

    @Test func garbageBeforeAFrameIsSkippedAndCounted() {
        var scanner = FrameScanner()
        scanner.append(hex("FF 12 34 FF 55") + Self.firmwareResponse)
        #expect(scanner.drain() == [.frame(Self.firmwareFrame)])
        #expect(scanner.garbageByteCount == 5)
    }

    @Test func longPreambleIsNotGarbage() {
        var scanner = FrameScanner()
        scanner.append([UInt8](repeating: 0, count: 40) + Self.firmwareResponse)
        #expect(scanner.drain() == [.frame(Self.firmwareFrame)])
        #expect(scanner.garbageByteCount == 0)
    }

    @Test func frameSplitByteByByteAppearsOnlyWhenComplete() {
        var scanner = FrameScanner()
        let bytes = Self.firmwareResponse
        for (index, byte) in bytes.enumerated() {
            scanner.append([byte])
            let result = scanner.next()
            // The postamble, last, completes the frame.
            if index == bytes.count - 1 {
                #expect(result == .frame(Self.firmwareFrame))
            } else {
                #expect(result == nil, "byte \(index)")
            }
        }
        #expect(scanner.bufferedByteCount == 0)
        scanner.append(Self.ack)
        #expect(scanner.drain() == [.frame(.ack)])
        #expect(scanner.bufferedByteCount == 0)
    }

    @Test func ackAndResponseInOneChunkGiveTwoFrames() {
        var scanner = FrameScanner()
        scanner.append(Self.ack + Self.firmwareResponse)
        #expect(scanner.next() == .frame(.ack))
        #expect(scanner.next() == .frame(Self.firmwareFrame))
        #expect(scanner.next() == nil)
        #expect(scanner.bufferedByteCount == 0)
    }

    @Test func bytesAfterAFrameStayBufferedForTheNextRead() {
        var scanner = FrameScanner()
        let both = Self.ack + Self.firmwareResponse
        scanner.append(both.prefix(10))
        #expect(scanner.next() == .frame(.ack))
        #expect(scanner.next() == nil)
        scanner.append(both.dropFirst(10))
        #expect(scanner.next() == .frame(Self.firmwareFrame))
    }

    /// Found by FuzzFrameScanner: a postamble that is also the first byte of the next start
    /// code (no preamble between the frames) used to be dropped when a read ended on it.
    @Test func aPostambleThatStartsTheNextFrameCountsWhereverTheReadEnds() {
        let wire = Self.ack + hex("FF 00 FF 00") + Self.firmwareResponse.dropFirst(2)
        let whole = FrameScanner.results(of: wire)
        #expect(whole == [.frame(.ack), .frame(.ack), .frame(Self.firmwareFrame)])
        for split in 1..<wire.count {
            var scanner = FrameScanner()
            scanner.append(wire.prefix(split))
            var results = scanner.drain()
            scanner.append([])
            scanner.append(wire.dropFirst(split))
            results += scanner.drain()
            #expect(results == whole, "split at \(split)")
        }
    }

    @Test func frameWaitsForItsPostamble() {
        var scanner = FrameScanner()
        scanner.append(Self.firmwareResponse.dropLast())
        #expect(scanner.next() == nil)
        #expect(scanner.holdsPartialFrame)
        scanner.append([0x00])
        #expect(scanner.next() == .frame(Self.firmwareFrame))
        #expect(!scanner.holdsPartialFrame)
    }

    /// A dropped `00` inside a frame can keep both checksums right: the old DCS moves into the
    /// data and the postamble into the DCS's place. The postamble check catches it.
    @Test func droppedZeroByteThatKeepsTheChecksumIsCorrupt() {
        let response = hex("00 00 FF 05 FB D5 41 00 00 12 D8 00")
        #expect(FrameScanner.results(of: response) == [.frame(.information(direction: .chipToHost, payload: hex("41 00 00 12")))])
        var damaged = response
        damaged.remove(at: 7)
        let results = FrameScanner.results(of: damaged + [0x42])
        #expect(results.count == 1)
        guard case .corrupt(let corrupt)? = results.first else {
            Issue.record("the damaged frame was accepted: \(results)")
            return
        }
        #expect(corrupt.reason == .missingPostamble(0x42))
    }

    @Test func frameWithoutPostambleFollowedByAStartCodeKeepsTheStartCode() {
        let bytes = hex("00 FF 03 FD D5 4B 00 E0") + hex("00 FF 00 FF")
        #expect(FrameScanner.results(of: bytes) == [
            .frame(.information(direction: .chipToHost, payload: hex("4B 00"))), .frame(.ack),
        ])
    }

    @Test func badDataChecksumIsCorruptAndTheNextFrameStillDecodes() {
        var bad = Self.firmwareResponse
        bad[11] ^= 0x01
        let results = FrameScanner.results(of: bad + Self.firmwareResponse)
        #expect(results == [
            .corrupt(CorruptFrame(reason: .dataChecksumMismatch, bytes: Array(bad[1...11]))),
            .frame(Self.firmwareFrame),
        ])
    }

    @Test func badLengthChecksumIsCorruptAndTheScannerResynchronises() {
        let bad = hex("00 00 FF 06 FB D5 03 32 01 06 07 E8 00")
        let results = FrameScanner.results(of: bad + Self.firmwareResponse)
        #expect(results == [
            .corrupt(CorruptFrame(reason: .lengthChecksumMismatch, bytes: hex("00 FF 06 FB"))),
            .frame(Self.firmwareFrame),
        ])
    }

    @Test func startCodeInsideADamagedFrameIsNotTakenForAFrame() throws {
        // Data holding a whole ACK, with a wrong DCS: one corrupt frame, no ACK.
        let payload = hex("41 00") + Self.ack
        var bytes = try Frame.information(direction: .chipToHost, payload: payload).encoded()
        bytes[bytes.count - 2] ^= 0xFF
        let examined = Array(bytes.dropFirst().dropLast())
        #expect(FrameScanner.results(of: bytes)
            == [.corrupt(CorruptFrame(reason: .dataChecksumMismatch, bytes: examined))])
    }

    @Test func unknownFrameIdentifierIsCorrupt() {
        let bytes = hex("00 00 FF 02 FE AA 01 55 00")
        #expect(FrameScanner.results(of: bytes) == [
            .corrupt(CorruptFrame(reason: .unknownFrameIdentifier(0xAA),
                                  bytes: hex("00 FF 02 FE AA 01 55"))),
        ])
    }

    @Test func errorIdentifierWithDataIsCorrupt() {
        let bytes = hex("00 00 FF 02 FE 7F 01 80 00")
        #expect(FrameScanner.results(of: bytes).first
            == .corrupt(CorruptFrame(reason: .unknownFrameIdentifier(0x7F),
                                     bytes: hex("00 FF 02 FE 7F 01 80"))))
    }

    @Test func zeroLengthIsCorrupt() {
        #expect(FrameScanner.results(of: hex("00 00 FF 00 00 00")).first
            == .corrupt(CorruptFrame(reason: .zeroLength, bytes: hex("00 FF 00 00"))))
        #expect(FrameScanner.results(of: hex("00 00 FF FF FF 00 00 00")).first
            == .corrupt(CorruptFrame(reason: .zeroLength, bytes: hex("00 FF FF FF 00 00 00"))))
    }

    @Test func hugeClaimedExtendedLengthIsCorruptWithoutWaitingForData() {
        var scanner = FrameScanner()
        scanner.append(hex("00 00 FF FF FF FF FF 02"))
        #expect(scanner.next()
            == .corrupt(CorruptFrame(reason: .lengthExceedsLimit(0xFFFF),
                                     bytes: hex("00 FF FF FF FF FF 02"))))
        #expect(scanner.next() == nil)
        #expect(scanner.bufferedByteCount == 0)
    }

    @Test func extendedLengthLimitIs265() throws {
        let largest = Frame.information(direction: .chipToHost, payload: Array(repeating: 7, count: 264))
        #expect(FrameScanner.results(of: try largest.encoded()) == [.frame(largest)])
        let tooLong = hex("00 00 FF FF FF 01 0A F5")
        #expect(FrameScanner.results(of: tooLong)
            == [.corrupt(CorruptFrame(reason: .lengthExceedsLimit(266),
                                      bytes: hex("00 FF FF FF 01 0A F5")))])
    }

    @Test func extendedFrameWithAShortLengthIsAccepted() throws {
        let frame = Frame.information(direction: .hostToChip, payload: hex("4A 01 00"))
        let bytes = try [0x00] + frameCore(frame, extended: true) + [0x00]
        #expect(bytes == hex("00 00 FF FF FF 00 04 FC D4 4A 01 00 E1 00"))
        #expect(FrameScanner.results(of: bytes) == [.frame(frame)])
    }

    @Test func extendedFrameRoundTripsByteByByte() throws {
        let frame = Frame.information(direction: .hostToChip, payload: (0..<260).map { UInt8($0 & 0xFF) })
        var scanner = FrameScanner()
        var results: [ScanResult] = []
        for byte in try frame.encoded() {
            scanner.append([byte])
            results += scanner.drain()
        }
        #expect(results == [.frame(frame)])
    }

    @Test func garbageDoesNotAccumulate() {
        var scanner = FrameScanner()
        for _ in 0..<100 {
            scanner.append([UInt8](repeating: 0x55, count: 1000))
            #expect(scanner.bufferedByteCount == 0)
        }
        scanner.append([0x00])
        #expect(scanner.bufferedByteCount == 1)
        #expect(scanner.next() == nil)
        scanner.append(hex("FF 00 FF 00"))
        #expect(scanner.next() == .frame(.ack))
        #expect(scanner.garbageByteCount == 100_000)
    }

    @Test func resetForgetsBufferedBytes() {
        var scanner = FrameScanner()
        scanner.append(Self.firmwareResponse.prefix(7))
        #expect(scanner.bufferedByteCount > 0)
        scanner.reset()
        #expect(scanner.bufferedByteCount == 0)
        scanner.append(Self.firmwareResponse.dropFirst(7))
        #expect(scanner.next() == nil)
    }

    @Test func corruptFrameDescriptionNamesTheReasonAndBytes() {
        let corrupt = CorruptFrame(reason: .lengthExceedsLimit(300), bytes: hex("00 FF FF FF 01 2C D3"))
        #expect(corrupt.description
            == "corrupt frame (length 300 exceeds the limit of 265): 00 FF FF FF 01 2C D3")
    }
}

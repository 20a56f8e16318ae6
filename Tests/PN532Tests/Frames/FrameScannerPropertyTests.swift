import TestSupport
import Testing
@testable import PN532

@Suite("Frame scanner properties over seeded random input")
struct FrameScannerPropertyTests {
    /// A random frame of any kind, information payloads from empty to the limit.
    static func randomFrame(using random: inout SeededGenerator) -> Frame {
        switch Int.random(in: 0..<10, using: &random) {
        case 0: return .ack
        case 1: return .nack
        case 2: return .error
        default:
            let long = Int.random(in: 0..<8, using: &random) == 0
            let count = long
                ? Int.random(in: 200...Frame.maximumPayloadCount, using: &random)
                : Int.random(in: 0...20, using: &random)
            let direction = FrameDirection.allCases.randomElement(using: &random) ?? .chipToHost
            return .information(direction: direction, payload: random.bytes(count))
        }
    }

    /// Feeds `bytes` in random chunks of 1 to 64 bytes, collecting results as they appear.
    static func scanInChunks(_ bytes: [UInt8], using random: inout SeededGenerator) -> [ScanResult] {
        var scanner = FrameScanner()
        var results: [ScanResult] = []
        var offset = 0
        while offset < bytes.count {
            let end = min(bytes.count, offset + Int.random(in: 1...64, using: &random))
            scanner.append(bytes[offset..<end])
            offset = end
            results += scanner.drain()
        }
        return results
    }

    @Test func validFramesSplitAnywhereComeBackInOrder() throws {
        var random = SeededGenerator(seed: 0x00F1_2A3E)
        for _ in 0..<1000 {
            var frames: [Frame] = []
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 1...5, using: &random) {
                let frame = Self.randomFrame(using: &random)
                frames.append(frame)
                bytes += [UInt8](repeating: 0, count: Int.random(in: 0...3, using: &random))
                bytes += try frame.encoded()
            }
            #expect(Self.scanInChunks(bytes, using: &random) == frames.map(ScanResult.frame))
        }
    }

    @Test func randomBuffersNeverCrashAndFramesComeFromTheInput() throws {
        var random = SeededGenerator(seed: 0xBADC_0FFE)
        var framesFound = 0
        var corruptFound = 0
        for _ in 0..<10_000 {
            let bytes = try Self.randomBuffer(using: &random)
            for result in Self.scanInChunks(bytes, using: &random) {
                switch result {
                case let .frame(frame):
                    framesFound += 1
                    let normal = try frameCore(frame)
                    let extended = try frameCore(frame, extended: true)
                    #expect(bytes.contains(run: normal) || bytes.contains(run: extended), "\(frame)")
                case let .corrupt(corrupt):
                    corruptFound += 1
                    #expect(bytes.contains(run: corrupt.bytes), "\(corrupt)")
                }
            }
        }
        // The generator mixes intact, damaged and truncated frames into noise: both kinds occur.
        #expect(framesFound > 1000)
        #expect(corruptFound > 1000)
    }

    /// Noise, intact frames, frames with one byte changed and truncated frames, in random order.
    static func randomBuffer(using random: inout SeededGenerator) throws -> [UInt8] {
        var bytes: [UInt8] = []
        for _ in 0..<Int.random(in: 1...6, using: &random) {
            switch Int.random(in: 0..<5, using: &random) {
            case 0:
                bytes += random.bytes(Int.random(in: 0...40, using: &random))
            case 1:
                bytes += [0x00, 0xFF] + random.bytes(Int.random(in: 0...12, using: &random))
            case 2:
                var frame = try randomFrame(using: &random).encoded()
                let index = Int.random(in: 0..<frame.count, using: &random)
                frame[index] = UInt8.random(in: 0...255, using: &random)
                bytes += frame
            case 3:
                let frame = try randomFrame(using: &random).encoded()
                bytes += frame.prefix(Int.random(in: 0..<frame.count, using: &random))
            default:
                bytes += try randomFrame(using: &random).encoded()
            }
        }
        return bytes
    }
}

extension Array where Element == UInt8 {
    /// True when `run` occurs in this array as consecutive bytes.
    func contains(run: [UInt8]) -> Bool {
        guard !run.isEmpty, run.count <= count else { return run.isEmpty }
        return (0...(count - run.count)).contains { start in
            self[start] == run[0] && self[start..<(start + run.count)].elementsEqual(run)
        }
    }
}

import Basics
import NFCCore
import PN532
import PN532Simulator
import Testing
import Type2

/// Ten thousand exchanges over a link that corrupts, drops and inserts bytes both ways: no
/// wrong data is ever accepted, nothing hangs, every failure is typed, and the session recovers.
struct FaultSoakTests {
    static let exchanges = 10_000
    static let byteErrorRate = 1e-3

    /// Corruption, drops and insertions, each at the soak's byte error rate.
    static func faults(seed: UInt64) -> ByteFaults {
        ByteFaults(corruptRate: byteErrorRate, dropRate: byteErrorRate, insertRate: byteErrorRate, seed: seed)
    }

    /// The most one exchange may take: every send attempt's ACK window, then the response deadline.
    static func bound(_ command: Command, timeout: Duration, settings: SessionSettings) throws -> Duration {
        (settings.acknowledgementWindow + (try commandAndAcknowledgementWireTime(command))) * settings.sendAttempts + timeout
    }

    @Test func exchangesSurviveByteErrorsBothWays() throws {
        let tag = patternedTag()
        let reader = try SimulatedReader.started(tags: [tag])
        let exchange = try reader.selectFirstTarget()
        let settings = reader.session.settings
        let readBound = try Self.bound(.inDataExchange(target: exchange.target, data: [0x30, 0x04]), timeout: exchange.timeout, settings: settings)
        let firmwareBound = try Self.bound(.getFirmwareVersion, timeout: settings.responseTimeout, settings: settings)
        let cleanRead = try reader.elapsed { _ = try exchange.exchange([0x30, 0x04]) }
        reader.link.hostToChipFaults = Self.faults(seed: 0x50A4_0001)
        reader.link.chipToHostFaults = Self.faults(seed: 0x50A4_0002)
        var tally = SoakTally()
        let started = reader.link.now
        for index in 0..<Self.exchanges {
            let before = reader.link.now
            if index % 10 == 9 {
                do throws(PN532Error) {
                    tally.recordAnswer(correct: try reader.session.firmwareVersion() == simulatedFirmware)
                } catch {
                    tally.record(error)
                }
                tally.recordDuration(reader.link.now - before, bound: firmwareBound)
            } else {
                let page = 4 + index % 120
                do throws(TagExchangeError) {
                    tally.recordAnswer(correct: try exchange.exchange([0x30, UInt8(page)]) == readAnswer(tag, page: page))
                } catch {
                    tally.record(error)
                }
                tally.recordDuration(reader.link.now - before, bound: readBound)
            }
        }
        let virtualTime = reader.link.now - started
        #expect(tally.exchanges == Self.exchanges)
        #expect(tally.wrongAnswers == 0, "\(tally)")
        #expect(tally.tagRefusals == 0, "the tag answers every READ: a refusal is a misread frame; \(tally)")
        #expect(tally.overruns == 0, "\(tally)")
        #expect(tally.successRate > 0.95, "\(tally)")
        #expect(virtualTime < cleanRead * 2 * Self.exchanges, "virtual time \(virtualTime); \(tally)")
        #expect(reader.session.statistics.nacks > 0)
        #expect(reader.session.statistics.resends > 0)

        reader.link.hostToChipFaults = .none
        reader.link.chipToHostFaults = .none
        for page in 4..<24 {
            #expect(try exchange.exchange([0x30, UInt8(page)]) == readAnswer(tag, page: page))
        }
        #expect(try reader.session.firmwareVersion() == simulatedFirmware)
    }
}

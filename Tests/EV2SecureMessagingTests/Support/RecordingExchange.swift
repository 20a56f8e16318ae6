@testable import EV2SecureMessaging
import NFCCore

/// A card that records each command and accepts it with the empty answer of `session` at
/// its counter then (`MACt 91 00`), as a card does for a command with no answer data.
final class RecordingExchange: TagExchange {
    private var session: EV2Session
    private(set) var sent: [[UInt8]] = []
    let maximumCommandLength: Int
    let maximumAnswerLength: Int

    init(answer session: EV2Session, maximumCommandLength: Int = 252, maximumAnswerLength: Int = 252) {
        self.session = session
        self.maximumCommandLength = maximumCommandLength
        self.maximumAnswerLength = maximumAnswerLength
    }

    func exchange(_ command: [UInt8], answer: TagAnswer) throws(TagExchangeError) -> [UInt8] {
        sent.append(command)
        let mac = session.truncatedMAC([0x00] + counterPlusOne + session.transactionIdentifier)
        session.advance()
        return mac + [0x91, 0x00]
    }

    private var counterPlusOne: [UInt8] {
        let value = session.commandCounter &+ 1
        return [UInt8(value & 0xFF), UInt8(value >> 8)]
    }

    func reselect() throws(TagExchangeError) {}
}

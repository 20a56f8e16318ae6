@testable import EV2SecureMessaging
import NFCCore

/// A card holding one file in an EV2 session, for ReadData in each mode: it checks each
/// command's MAC (MAC and full modes), answers the asked bytes protected as `mode` says, and
/// counts the command as a card does. A command it cannot check goes unanswered.
final class FileCard: TagExchange {
    private var session: EV2Session
    private let file: [UInt8]
    private let mode: CommunicationMode
    private(set) var answered: [Int] = []
    let maximumCommandLength = 252
    let maximumAnswerLength: Int

    init(file: [UInt8], session: EV2Session, mode: CommunicationMode, maximumAnswerLength: Int) {
        self.file = file
        self.session = session
        self.mode = mode
        self.maximumAnswerLength = maximumAnswerLength
    }

    func exchange(_ command: [UInt8], answer: TagAnswer) throws(TagExchangeError) -> [UInt8] {
        guard command.count >= 13, command[0] == 0x90, command[1] == 0xAD else { throw .noAnswer }
        let header = Array(command[5..<12])
        guard session.wrap(instruction: 0xAD, header: header, data: [], mode: mode) == Array(command[5..<command.count - 1]) else {
            throw .noAnswer
        }
        let offset = Int(header[1]) | Int(header[2]) << 8 | Int(header[3]) << 16
        let length = Int(header[4]) | Int(header[5]) << 8 | Int(header[6]) << 16
        guard offset + length <= file.count else { return [0x91, 0xBE] }
        let data = Array(file[offset..<offset + length])
        var body = data
        if mode == .full {
            var padded = data + [0x80]
            padded += [UInt8](repeating: 0, count: (16 - padded.count % 16) % 16)
            body = session.encryptionKey.cbcEncrypt(padded, iv: session.iv(response: true)) ?? []
        }
        let counter = session.commandCounter &+ 1
        let mac = mode == .plain ? [] : session.truncatedMAC([0x00, UInt8(counter & 0xFF), UInt8(counter >> 8)] + session.transactionIdentifier + body)
        session.advance()
        answered.append(length)
        return body + mac + [0x91, 0x00]
    }

    func reselect() throws(TagExchangeError) {}
}

import NFCCore
@testable import Type3

/// A card played by a script: each command gets the next answer (a frame, or an exchange
/// error), whatever it asks; every command is kept. Past the script's end the card is silent.
final class ScriptedExchange: TagExchange {
    var answers: [Result<[UInt8], TagExchangeError>]
    var commands: [[UInt8]] = []
    let maximumCommandLength: Int
    let maximumAnswerLength: Int

    init(_ answers: [Result<[UInt8], TagExchangeError>], maximumCommandLength: Int = 252, maximumAnswerLength: Int = 253) {
        self.answers = answers
        self.maximumCommandLength = maximumCommandLength
        self.maximumAnswerLength = maximumAnswerLength
    }

    func exchange(_ command: [UInt8], answer: TagAnswer) throws(TagExchangeError) -> [UInt8] {
        commands.append(command)
        guard !answers.isEmpty else { throw .noAnswer }
        return try answers.removeFirst().get()
    }

    func reselect() throws(TagExchangeError) {}

    /// The command codes sent (the byte after each frame's length byte).
    var codes: [UInt8] { commands.map { $0.count > 1 ? $0[1] : 0 } }
}

/// Frames as a card of `idm` answers them.
struct CardAnswers {
    static let idm: [UInt8] = [0x01, 0x2E, 0x4C, 0x53, 0x00, 0x00, 0x00, 0x42]
    static let liteSPMm: [UInt8] = [0x00, 0xF1, 0x00, 0x00, 0x00, 0x01, 0x43, 0x00]
    static let plainPMm: [UInt8] = [0x01, 0x01, 0x00, 0x00, 0x00, 0x01, 0x43, 0x00]

    /// `LEN 07 IDm 00 00 m data`.
    static func check(_ blocks: [[UInt8]]) -> Result<[UInt8], TagExchangeError> {
        .success(frame([0x07] + idm + [0x00, 0x00, UInt8(blocks.count)] + blocks.flatMap { $0 }))
    }

    /// `LEN 07 IDm SF1 SF2`.
    static func checkRefused(_ flag1: UInt8, _ flag2: UInt8) -> Result<[UInt8], TagExchangeError> {
        .success(frame([0x07] + idm + [flag1, flag2]))
    }

    /// `LEN 09 IDm SF1 SF2`.
    static func updated(_ flag1: UInt8 = 0, _ flag2: UInt8 = 0) -> Result<[UInt8], TagExchangeError> {
        .success(frame([0x09] + idm + [flag1, flag2]))
    }

    static func frame(_ packet: [UInt8]) -> [UInt8] {
        [UInt8(packet.count + 1)] + packet
    }

    /// An attribute block of these values, checksum included.
    static func attribute(
        nbr: Int = 4, nbw: Int = 1, nmaxb: Int = 13, writing: Bool = false, writable: Bool = true, length: Int
    ) -> [UInt8] {
        Type3AttributeBlock(
            blocksPerCheck: nbr, blocksPerUpdate: nbw, maximumBlocks: nmaxb, writeInProgress: writing, isWritable: writable,
            length: length
        ).bytes
    }

    /// `count` blocks of `bytes` cut in 16, zero padded.
    static func blocks(_ bytes: [UInt8]) -> [[UInt8]] {
        stride(from: 0, to: bytes.count, by: 16).map { Array(bytes[$0..<min($0 + 16, bytes.count)]) + [UInt8](repeating: 0, count: max(0, $0 + 16 - bytes.count)) }
    }
}

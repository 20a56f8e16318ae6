import Credentials
import EV2SecureMessaging
import FuzzSupport
import NFCCore

/// The EV2 session of AN12196's GetFileSettings vector (reference type4-ntag424.md §9.4a).
let session = EV2Session(
    keyNumber: 0, transactionIdentifier: [0x7A, 0x21, 0x08, 0x5E],
    encryptionKey: AESKey([0x13, 0x09, 0xC8, 0x77, 0x50, 0x9E, 0x5A, 0x21, 0x50, 0x07, 0xFF, 0x0E, 0xD1, 0x9C, 0xA5, 0x64])!,
    macKey: AESKey([0x82, 0x48, 0x13, 0x4A, 0x38, 0x6E, 0x86, 0xEB, 0x7F, 0xAF, 0x54, 0xA5, 0x2E, 0x53, 0x6C, 0xB6])!)

/// libFuzzer entry point for the EV2 answer decoders: `EV2FileSettings(bytes:)` on a run,
/// `EV2Session.unwrap` of a run in a chosen mode with a fixed session, then an `EV2Card`
/// whose every answer is the next run: AuthenticateEV2First, GetFileSettings, ReadData.
///
/// Input: a run (file settings), a byte (the mode: plain, MAC, full), a run (the answer to
/// unwrap), then the card's answers, one run each (an empty run: the card is silent).
/// Invariants: no trap; decoded settings encode again; an unwrapped answer is no longer than
/// the answer; a card never authenticates with answers that did not prove the key.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEV2Answers(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    if let settings = try? EV2FileSettings(bytes: input.run(limit: 64)) {
        require((try? settings.changeData()) != nil, "decoded settings do not encode: \(settings)")
    }
    let mode: CommunicationMode = [.plain, .mac, .full][input.choice(3)]
    let answer = input.run(limit: 255)
    if let plain = try? session.unwrap(answer, mode: mode, step: "fuzz") {
        require(plain.count <= answer.count, "\(plain.count) bytes out of \(answer.count)")
    }
    let card = EV2Card(exchange: AnsweringCard(input))
    let challenge = [UInt8](repeating: 0x5A, count: 16)
    if (try? card.authenticateFirst(keyNumber: 0, key: .factoryDefault, challenge: challenge)) != nil {
        require(card.session != nil, "authenticated without a session")
    }
    _ = try? card.fileSettings(0x02)
    if let read = try? card.readData(0x02, offset: 0, length: 40, mode: mode) {
        require(read.count == 40, "\(read.count) bytes read of 40")
    }
    return 0
}

import Credentials
import FuzzSupport
import NFCCore
import Type2

/// libFuzzer entry point for the Ultralight AES decoders: `UltralightAESConfiguration(pages:)`
/// on a run, then a `Type2Tag` (Ultralight AES) whose every answer is the next run: the 3-pass
/// AES authentication with the all-zero key and a fixed challenge, then a read of the
/// configuration pages.
///
/// Input: a run (configuration pages), then the card's answers, one run each (an empty run:
/// the card is silent). Invariants: no trap; the configuration decodes exactly from 20 bytes;
/// the card authenticates only when its part-2 answer is `00 ‖ E(K, RndA′)` for this challenge.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzUltralightAES(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let pages = input.run(limit: 32)
    require((UltralightAESConfiguration(pages: pages) != nil) == (pages.count == UltralightAESConfiguration.byteCount), "\(pages.count) bytes")
    let card = AnsweringCard(input)
    let tag = Type2Tag(exchange: card, product: .ultralightAES, version: nil)
    let challenge = [UInt8](repeating: 0x5A, count: 16)
    if (try? tag.authenticate(aesKey: .factoryDefault, challenge: challenge)) != nil {
        let proof = AESKey.factoryDefault.cbcEncrypt(Array(challenge.dropFirst()) + challenge.prefix(1), iv: [UInt8](repeating: 0, count: 16))
        require(proof.map { [0x00] + $0 } == card.answers.last, "authenticated without proving the challenge")
    }
    _ = try? tag.readUltralightAESConfiguration()
    return 0
}

/// A card that answers each command with the next run of the input, and nothing once it is
/// used up; it keeps what it answered.
final class AnsweringCard: TagExchange {
    var input: FuzzInput
    var answers: [[UInt8]] = []

    init(_ input: FuzzInput) {
        self.input = input
    }

    var maximumCommandLength: Int { 252 }
    var maximumAnswerLength: Int { 252 }

    func exchange(_ command: [UInt8], answer: TagAnswer) throws(TagExchangeError) -> [UInt8] {
        guard !input.isAtEnd else { throw .noAnswer }
        let bytes = input.run(limit: 64)
        guard !bytes.isEmpty else { throw .noAnswer }
        answers.append(bytes)
        return bytes
    }

    func reselect() throws(TagExchangeError) {}
}

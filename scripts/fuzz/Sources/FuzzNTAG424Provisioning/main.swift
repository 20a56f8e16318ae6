import Credentials
import EV2SecureMessaging
import FuzzSupport
import NFCCore
import Provisioning

/// The site and the template the provisioner runs with.
let keys = NTAG424Keys(master: AESKey([UInt8](repeating: 0x4B, count: 16))!, piccKey: AESKey([UInt8](repeating: 0x50, count: 16))!)!
let template: NTAG424SUNTemplate = {
    do { return try NTAG424SUNTemplate("https://example.com/?picc_data={picc}&enc={enc}&cmac={mac}", fileData: [0x41, 0x42]) } catch {
        fatalError("the fuzz target's own template: \(error)")
    }
}()
let provisioner = NTAG424Provisioner(keys: keys, template: template, randomID: false)
let uid: [UInt8] = [0x04, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66]

/// libFuzzer entry point for what `ntag424 provision` reads from outside: a URL template (an
/// argument), a card's mirrored NDEF file (`NTAG424SUNCheck`), and a card answering every
/// command with the next run of the input (the provisioner's whole state machine).
///
/// Input: a run (the template's UTF-8), a run (the image), then the card's answers, one run
/// each (an empty run: the card is silent).
/// Invariants: no trap; a template's placeholders lie inside its file of at most 256 bytes; a
/// card that never proved a key is never reported provisioned.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzNTAG424Provisioning(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    if let parsed = try? NTAG424SUNTemplate(String(decoding: input.run(limit: 255), as: UTF8.self)) {
        let image = parsed.fileImage
        require(image.count <= NTAG424SUNTemplate.fileSize, "a file of \(image.count) bytes")
        require(parsed.piccDataOffset + 32 <= image.count && parsed.macOffset + 16 <= image.count, "a placeholder past the file")
        require(parsed.macInputOffset <= parsed.macOffset, "the MAC input starts after the MAC")
    }
    _ = try? NTAG424SUNCheck.verify(input.run(limit: 255), template: template, uid: uid, keys: keys)
    let card = EV2Card(exchange: AnsweringCard(input))
    require((try? provisioner.provision(card, uid: uid)) == nil, "a card that proved no key counts as provisioned")
    return 0
}

/// A card that answers each command with the next run of the input, and nothing once it is
/// used up (as FuzzEV2Answers' card).
final class AnsweringCard: TagExchange {
    var input: FuzzInput

    init(_ input: FuzzInput) {
        self.input = input
    }

    var maximumCommandLength: Int { 252 }
    var maximumAnswerLength: Int { 252 }

    func exchange(_ command: [UInt8], answer: TagAnswer) throws(TagExchangeError) -> [UInt8] {
        guard !input.isAtEnd else { throw .noAnswer }
        let bytes = input.run(limit: 255)
        guard !bytes.isEmpty else { throw .noAnswer }
        return bytes
    }

    func reselect() throws(TagExchangeError) {}
}

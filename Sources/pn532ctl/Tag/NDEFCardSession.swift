import ArgumentParser
import Basics
import JSONText
import NFCCore
import NFCTags
import PN532Reader
import TagProtocols

/// A reader with a card of another family than Type 2 activated whose NDEF a tag layer reads
/// (NFC Forum Type 1, 3 or 4), for `read`, `write`, `identify` and `lock`: they work on its
/// `NDEFTag`. What is Type 2's alone (passwords, pages) is refused with the family named.
final class NDEFCardSession {
    let reader: Reader
    let card: NDEFCard

    init(reader: Reader, card: NDEFCard) {
        self.reader = reader
        self.card = card
    }

    /// The card's NDEF.
    var tag: any NDEFTag { card.tag }
    /// The card's family.
    var family: CardFamily { card.identity.family }
    /// Its activation bytes.
    var info: TargetInfo { card.identity.info }
    /// `FeliCa Lite-S 012E4C53...`: the family and the identifier, as messages name the tag.
    var name: String { "\(family.name) \(Hex.encode(info.identifier))" }
    /// `NFC Forum Type 3 tag`.
    var typeName: String { family.nfcForumType.map { "NFC Forum Type \($0) tag" } ?? "tag" }

    /// `product`, `uid` and `device`, the first members of every tag command's object.
    var header: [(String, JSON)] {
        [("product", .string(family.name)), ("uid", .string(Hex.encode(info.identifier))), ("device", .string(reader.spec.description))]
    }

    /// Refuses a password: PWD_AUTH is a Type 2 tag's (exit 1, nothing sent).
    func refusePassword(_ credentials: PasswordOptions) throws(CLIError) {
        guard credentials.isGiven else { return }
        throw CLIError(
            message: "--password and --secret-file are for Type 2 tags (PWD_AUTH): \(name) is an \(typeName) with no such password; run without them",
            exitCode: .failure)
    }

    /// Refuses what works on Type 2 tags only (`what`: "--raw"), naming the family and what
    /// works on it (exit 1, nothing sent).
    func refuse(_ what: String) -> CLIError {
        CLIError(message: "\(what) works on NFC Forum Type 2 tags only: \(name) is an \(typeName); read, write, identify, lock, dump, flash and token work on it", exitCode: .failure)
    }

    /// Closes the reader.
    func close() {
        reader.close()
    }
}

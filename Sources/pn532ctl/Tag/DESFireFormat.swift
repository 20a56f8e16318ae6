import ArgumentParser
import DESFire
import JSONText
import NFCCore
import NFCTags
import PN532Reader
import Type4

/// `format` on a card of another family than Type 2: a MIFARE DESFire gets the NDEF
/// application (``DESFireCard/formatForNDEF()``); the others are refused as before, naming
/// the family.
struct DESFireFormat {
    let card: NDEFCardSession
    let json: Bool

    /// Formats the DESFire, or refuses: a password or `--wipe` (Type 2's, exit 1), another
    /// family (exit 1, nothing sent).
    func run(credentials: PasswordOptions, wipe: Bool) throws(CLIError) {
        guard case .desfire = card.family, let tag = card.tag as? Type4Tag else {
            throw .reader(.notNDEFTag(card.family, card.info))
        }
        try card.refusePassword(credentials)
        if wipe { throw card.refuse("--wipe") }
        let result: DESFireNDEFFormat
        do throws(DESFireError) { result = try DESFireCard(exchange: tag.exchange).formatForNDEF() } catch { throw failure(error) }
        if json {
            print(JSON.object(card.header + [
                ("application", .string(DESFireApplicationID.ndef.description)), ("ndefFileSize", .int(result.ndefFileSize)),
                ("capacity", .int(result.capacity)), ("resumed", .bool(result.resumed)),
            ]).text)
        } else {
            let finished = result.resumed ? " (finished the application a stopped format left)" : ""
            print("Formatted \(card.name): NDEF application \(DESFireApplicationID.ndef)\(finished), capacity \(result.capacity) bytes, read back empty")
        }
    }

    /// The error to report: a refusal the card's state explains (already formatted, a key
    /// needed, no room, another card or application) is `refused` (exit 1); the reader or
    /// link failing exit 69; the rest exit 1.
    private func failure(_ error: DESFireError) -> CLIError {
        let message = "\(card.name): \(error)"
        switch error {
        case .alreadyFormatted, .needsMasterKey, .insufficientMemory, .foreignApplication, .unsupportedCard:
            return .refused(message)
        default:
            if case .transport = error.exchangeFailure { return CLIError(message: message, exitCode: .unavailable) }
            return CLIError(message: message, exitCode: .failure)
        }
    }
}

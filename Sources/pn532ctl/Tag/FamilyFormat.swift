import ArgumentParser
import DESFire
import JSONText
import NFCCore
import NFCTags
import NDEF
import PN532Reader
import TagProtocols
import Type4

/// `format` on a card of another family than Type 2: a MIFARE DESFire without the NDEF
/// application gets it (``DESFireCard/formatForNDEF()``); another Type 1, 3 or 4 tag, a
/// DESFire with the application among them, gets an empty
/// NDEF message, written tear-safe as its layer writes and read back, erasing a message only
/// when confirmed.
struct FamilyFormat {
    let card: NDEFCardSession
    let json: Bool

    /// Formats the tag, or refuses: a password or `--wipe` (Type 2's, exit 1); a message not
    /// confirmed with `yes` (exit 64); a read-only tag (exit 1). Nothing is written then.
    func run(credentials: PasswordOptions, wipe: Bool, yes: Bool) throws(CLIError) {
        try card.refusePassword(credentials)
        if wipe { throw card.refuse("--wipe") }
        guard case .desfire = card.family, let tag = card.tag as? Type4Tag, !holdsNDEF() else { return try empty(confirmed: yes) }
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

    /// True when the tag answers as an NDEF tag (a DESFire with the whole NDEF application);
    /// false for one without it or with what a stopped format left, which the DESFire format
    /// creates or finishes (and a card that left fails there, naming the step).
    private func holdsNDEF() -> Bool {
        (try? card.tag.ndefStatus()).map { $0.status != .notSupported } ?? false
    }

    /// Writes an empty NDEF message to a Type 1, 3 or 4 tag that can hold one (a DESFire
    /// without the NDEF application is formatted above).
    private func empty(confirmed: Bool) throws(CLIError) {
        let capacity: Int
        do throws(TagFailure) {
            let report = try card.tag.ndefStatus()
            guard report.status != .notSupported else { throw TagFailure(.unsupported, "\(card.name) has no NDEF Capability Container or attribute block, and pn532ctl does not create one on this family yet; nothing was written") }
            guard report.status != .readOnly else { throw TagFailure(.readOnly, "\(card.name) is read-only: it cannot be formatted; nothing was written") }
            capacity = report.capacity
            let held = try card.tag.readNDEFMessage()
            if held != .empty, !confirmed {
                throw TagFailure(.wouldErase, "\(card.name) holds a message of \(held.length) bytes: add --yes to erase it; nothing was written")
            }
            try card.tag.writeNDEFMessage(.empty, verify: true)
        } catch {
            throw .tag(error)
        }
        if json {
            print(JSON.object(card.header + [("pagesWritten", .null), ("capacity", .int(capacity))]).text)
        } else {
            print("Formatted \(card.name) (\(card.typeName)): an empty NDEF message, capacity \(capacity) bytes, read back")
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

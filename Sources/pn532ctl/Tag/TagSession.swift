import PN532
import Type2

/// A reader with one tag selected and identified, for the tag commands.
final class TagSession {
    let reader: Reader
    let target: PassiveTarget
    let tag: Type2Tag

    /// Core NFC's words for a field with more than one tag.
    static let moreThanOneTag = "More than one tag detected — remove all but one and try again."

    private init(reader: Reader, target: PassiveTarget, tag: Type2Tag) {
        self.reader = reader
        self.target = target
        self.tag = tag
    }

    /// Opens the reader, waits for a tag, and identifies it. With `exclusive` (every command
    /// that writes) a second tag in the field is refused before anything is sent to either.
    static func open(_ options: TagOptions, exclusive: Bool) throws(CLIError) -> TagSession {
        let reader = try Reader.open(options.device)
        do throws(CLIError) {
            let targets = try poll(reader.session, wait: options.wait)
            guard let first = targets.first else {
                throw CLIError(message: "no tag in the field" + (options.wait == nil ? " (--wait SECONDS waits for one)" : ""), exitCode: .failure)
            }
            if exclusive, targets.count > 1 { throw CLIError(message: moreThanOneTag, exitCode: .failure) }
            do throws(Type2Error) {
                let tag = try Type2Tag.identify(TargetExchange(session: reader.session, target: first))
                return TagSession(reader: reader, target: first, tag: tag)
            } catch {
                throw .tag(error)
            }
        } catch {
            reader.close()
            throw error
        }
    }

    /// Closes the reader.
    func close() {
        reader.close()
    }

    private static func poll(_ session: PN532Session, wait: Double?) throws(CLIError) -> [PassiveTarget] {
        do throws(PN532Error) {
            try session.setPassiveActivationRetries(wait == nil ? 0x02 : 0xFF)
            return try session.listPassiveTargets(maxTargets: 2, timeout: wait.map { .milliseconds(Int64($0 * 1000)) })
        } catch {
            if case .timeout = error.kind { return [] }
            throw .reader(error)
        }
    }
}

extension CLIError {
    /// A tag failure: 65 for data the tag holds that is not valid, 1 for the rest.
    static func tag(_ error: Type2Error) -> CLIError {
        if case .invalidNDEF = error { return CLIError(message: error.description, exitCode: .dataError) }
        return CLIError(message: error.description, exitCode: .failure)
    }
}

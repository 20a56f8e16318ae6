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

    /// Authenticates with the password `credentials` give, when they give one, so that the
    /// protected pages can be read and written.
    func authenticate(_ credentials: PasswordOptions) throws(CLIError) {
        guard credentials.isGiven else { return }
        let (password, acknowledge) = try credentials.credentials(uid: target.uid)
        do throws(Type2Error) { try tag.authenticate(password: password, expectedAcknowledge: acknowledge) } catch {
            throw failure(error)
        }
    }

    /// The error to report for `error`: a refusal the tag's password protection explains is
    /// restated as such ("password-protected from page N").
    func failure(_ error: Type2Error) -> CLIError {
        .tag(tag.explainingProtection(error))
    }

    /// Closes the reader.
    func close() {
        reader.close()
    }

    private static func poll(_ session: PN532Session, wait: Double?) throws(CLIError) -> [PassiveTarget] {
        do throws(PN532Error) { return try session.pollField(wait: wait) } catch { throw .reader(error) }
    }
}

extension CLIError {
    /// A tag failure: 65 for data the tag holds that is not valid or bytes a one-time-programmable
    /// page cannot take, 69 when the reader failed, 1 for the rest.
    static func tag(_ error: Type2Error) -> CLIError {
        switch error {
        case let .invalidNDEF(problem):
            if case .noNDEFMessageTLV = problem.reason {
                return .data(error.description + " — no NDEF TLV: run format")
            }
            return .data(error.description)
        case .oneTimeProgrammable:
            return .data(error.description)
        case .exchange(.transport, _):
            return CLIError(message: error.description, exitCode: .unavailable)
        default:
            return CLIError(message: error.description, exitCode: .failure)
        }
    }
}

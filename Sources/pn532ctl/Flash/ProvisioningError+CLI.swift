import CSV
import ArgumentParser
import Provisioning

extension CLIError {
    /// The command line's message and exit status for a flash run's error: 64 for a bad
    /// template or a column without --csv, 65 for bad data, 74 for a report that cannot be
    /// written, a file's status (66/77/74) for one that cannot be read, a reader's as `reader(_:)`.
    init(_ error: ProvisioningError) {
        switch error {
        case .template, .columnNeedsCSV:
            self = .usage(error.description)
        case .missingColumn, .tokenUserName, .token, .notAReport, .reportUnreadable(_, .csv):
            self = .data(error.description)
        case .reportUnreadable(_, .file(let file)):
            self = CLIError(message: error.description, exitCode: FileIO.cliError(file).exitCode)
        case .recordWords(let parser):
            self = CLIError(message: error.description, exitCode: (parser as? CLIError)?.exitCode ?? .usage)
        case .row(_, _, let inner):
            self = CLIError(message: error.description, exitCode: CLIError(inner).exitCode)
        case .reportWrite, .reportSync, .reportNotOwn:
            self = .io(error.description)
        case .reader(let reader):
            self = .reader(reader)
        }
    }
}

extension CLIError: CustomStringConvertible {
    /// The message.
    var description: String { message }
}

extension FlashOriginality: ExpressibleByArgument {}

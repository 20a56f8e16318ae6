import POSIXIO
import Credentials
import CSV
import PN532
import SystemPackage

/// What stops a flash run, or a tag's message, before or while tags are written. Its
/// description is the message a person reads; the front end chooses the exit status by case.
public enum ProvisioningError: Error, CustomStringConvertible {
    /// What is wrong with a record value's placeholders.
    public enum TemplateProblem: Equatable, Sendable {
        /// A `{` with no `}` after it.
        case unclosedBrace
        /// A `}` with no `{` before it.
        case loneClosingBrace
        /// A placeholder other than `{uid}`, `{seq}` and `{col:NAME}`.
        case unknownPlaceholder(String)
    }

    /// The record value `template` cannot be parsed (a usage error).
    case template(String, TemplateProblem)
    /// A template or the token names this CSV column, and no CSV was given (a usage error).
    case columnNeedsCSV(String)
    /// The CSV file `csvName` lacks `column`; it has `columns` (a data error).
    case missingColumn(csvName: String, column: String, columns: [String])
    /// The door token's user name is not allowed: `problem` says why (a data error).
    case tokenUserName(String, problem: String)
    /// The door token for `user` cannot be made (a data error).
    case token(user: String, TokenError)
    /// The record words, filled in, are not records: the parser's own error.
    case recordWords(any Error & CustomStringConvertible)
    /// Row `row` of the CSV file `csvName` gives a message that cannot be made.
    indirect case row(csvName: String, row: Int, ProvisioningError)
    /// The `--report` file `path` exists and cannot be read as CSV.
    case reportUnreadable(path: String, CSVReadError)
    /// The `--report` file `path` is CSV with another header than a flash report's (a data error).
    case notAReport(path: String, header: [String])
    /// The `--report` file `path` cannot be opened or written (an I/O error).
    case reportWrite(path: String, Errno)
    /// The `--report` file `path` is a symbolic link, another account's file or a second name
    /// for another file (a hard link): not written through.
    case reportNotOwn(path: String, OwnFileError)
    /// The `--report` file `path` cannot be synced to the disk (an I/O error).
    case reportSync(path: String, Errno)
    /// The reader failed.
    case reader(PN532Error)

    public var description: String {
        switch self {
        case .template(let text, .unclosedBrace): "'\(text)': a '{' is not closed (write {{ for a literal brace)"
        case .template(let text, .loneClosingBrace): "'\(text)': a '}' without '{' (write }} for a literal brace)"
        case .template(let text, .unknownPlaceholder(let name)):
            "'\(text)': unknown placeholder {\(name)} (use {uid}, {seq} or {col:NAME})"
        case .columnNeedsCSV(let name): "{col:\(name)} needs --csv FILE"
        case .missingColumn(let csvName, let column, let columns):
            "\(csvName) has no column '\(column)' (its columns: \(columns.joined(separator: ", ")))"
        case .tokenUserName(let user, let problem): "token for \(user.debugDescription): the user's name \(problem)"
        case .token(let user, let error): "token for '\(user)': \(error)"
        case .recordWords(let error): error.description
        case .row(let csvName, let row, let error): "\(csvName) row \(row): \(error)"
        case .reportUnreadable(let path, .csv(let error)): "--report \(path): \(error): not a flash report; choose another file"
        case .reportUnreadable(_, .file(let error)): "--report \(error): not a flash report; choose another file"
        case .notAReport(let path, let header):
            "--report \(path) is not a flash report (its header is \(header.joined(separator: ","))): choose another file"
        case .reportWrite(let path, .tooManySymbolicLinkLevels): "--report \(path): it is a symbolic link: it is never followed; give the report's own path"
        case .reportWrite(let path, let error): "--report \(path): \(error)"
        case .reportNotOwn(let path, let problem): "--report \(path): \(problem)"
        case .reportSync(let path, let error): "--report \(path): fsync: \(error)"
        case .reader(let error): error.description
        }
    }
}

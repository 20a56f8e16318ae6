import Basics
import Credentials
import Crypto
import CSV
import DoorControl
import NDEF
import NFCCore

/// The NDEF message each tag of a flash run gets: a door token (when asked for) followed by
/// the records of the record options, filled in from the tag's UID, sequence number and CSV
/// row, or by the message of `--message FILE`.
struct FlashMessages {
    /// Who a door token is for.
    enum TokenUser {
        /// The same user on every tag.
        case name(String)
        /// The user in this CSV column.
        case column(String)
    }

    /// A door token on every tag, signed with `key`.
    struct Token {
        var user: TokenUser
        var key: SymmetricKey
    }

    /// The record options, one template per word.
    let recordWords: [FlashTemplate]
    /// The message of `--message FILE`, as it is.
    let fixed: NDEFMessage?
    /// The door token, if any.
    let token: Token?
    /// The CSV rows, one per tag, if any.
    let csv: CSVTable?
    /// The CSV file's name, for messages.
    let csvName: String

    /// Checks that every column the templates and the token name is in the CSV.
    ///
    /// - Throws: a usage error for `{col:NAME}` without a CSV, a data error naming the column
    ///   a CSV lacks and the columns it has.
    init(recordWords: [String], fixed: NDEFMessage?, token: Token?, csv: CSVTable?, csvName: String) throws(CLIError) {
        var templates: [FlashTemplate] = []
        for word in recordWords { templates.append(try FlashTemplate(word)) }
        var columns = templates.flatMap(\.columns)
        if case .column(let name)? = token?.user { columns.append(name) }
        if let csv {
            if let missing = columns.first(where: { csv.columnIndex($0) == nil }) {
                throw .data("\(csvName) has no column '\(missing)' (its columns: \(csv.header.joined(separator: ", ")))")
            }
        } else if let first = columns.first {
            throw .usage("{col:\(first)} needs --csv FILE")
        }
        self.recordWords = templates
        self.fixed = fixed
        self.token = token
        self.csv = csv
        self.csvName = csvName
    }

    /// The number of tags the CSV has rows for; nil without a CSV.
    var rowCount: Int? { csv?.rows.count }

    /// The message for the tag with `uid` and sequence number `seq` (CSV row `seq`).
    func message(uid: [UInt8], seq: Int) throws(CLIError) -> NDEFMessage {
        var columns: [String: String] = [:]
        if let csv, csv.rows.indices.contains(seq - 1) {
            for (index, name) in csv.header.enumerated() where columns[name] == nil { columns[name] = csv.rows[seq - 1][index] }
        }
        let values = FlashTemplate.Values(uid: Hex.encode(uid), seq: seq, columns: columns)
        var records: [NDEFRecord] = []
        if let token {
            let user = switch token.user {
            case .name(let name): name
            case .column(let name): columns[name] ?? ""
            }
            if let problem = UserName.problem(user) { throw .data("token for \(user.debugDescription): the user's name \(problem)") }
            do throws(TokenError) {
                records.append(try SignedToken(user: user, issued: UInt32(clamping: AuditTime.now().epochSeconds), counter: 0).record(uid: uid, key: token.key))
            } catch {
                throw .data("token for '\(user)': \(error)")
            }
        }
        if let fixed { records += fixed.records }
        if !recordWords.isEmpty { records += try RecordOptions.parse(recordWords.map { $0.render(values) }) }
        return NDEFMessage(records: records)
    }

    /// Builds the message of every CSV row (or of one tag without a CSV) for a 7-byte UID, so
    /// that a bad value stops the run before any tag is written.
    ///
    /// - Throws: the first error, naming the CSV row.
    func checkAll() throws(CLIError) {
        let sampleUID = [UInt8](repeating: 0, count: 7)
        for seq in 1...max(1, rowCount ?? 1) {
            do throws(CLIError) {
                _ = try message(uid: sampleUID, seq: seq)
            } catch {
                guard csv != nil else { throw error }
                throw CLIError(message: "\(csvName) row \(seq): \(error.message)", exitCode: error.exitCode)
            }
        }
    }
}

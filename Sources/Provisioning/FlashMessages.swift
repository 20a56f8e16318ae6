import Basics
import Credentials
import Crypto
import CSV
import NDEF
import NFCCore

/// The NDEF message each tag of a flash run gets: a door token (when asked for) followed by
/// the records of the record options, filled in from the tag's UID, sequence number and CSV
/// row, or by the message of `--message FILE`.
public struct FlashMessages {
    /// Turns record words, their templates filled in, into records: the front end's record
    /// options (`--text`, `--uri` …).
    public typealias RecordParser = ([String]) throws(ProvisioningError) -> [NDEFRecord]

    /// Who a door token is for.
    public enum TokenUser: Sendable {
        /// The same user on every tag.
        case name(String)
        /// The user in this CSV column.
        case column(String)
    }

    /// A door token on every tag, signed with `key`.
    public struct Token {
        /// Who the token is for.
        public var user: TokenUser
        /// The door's token key.
        public var key: SymmetricKey

        /// A token for `user` signed with `key`.
        public init(user: TokenUser, key: SymmetricKey) {
            self.user = user
            self.key = key
        }
    }

    /// The record options, one template per word.
    public let recordWords: [FlashTemplate]
    /// The message of `--message FILE`, as it is.
    public let fixed: NDEFMessage?
    /// The door token, if any.
    public let token: Token?
    /// The CSV rows, one per tag, if any.
    public let csv: CSVTable?
    /// The CSV file's name, for messages.
    public let csvName: String
    /// The parser of the filled-in record words.
    private let parseRecords: RecordParser

    /// Checks that every column the templates and the token name is in the CSV.
    ///
    /// - Throws: `template` for a bad record value, `columnNeedsCSV` for `{col:NAME}` without a
    ///   CSV, `missingColumn` naming the column a CSV lacks and the columns it has.
    public init(
        recordWords: [String], fixed: NDEFMessage?, token: Token?, csv: CSVTable?, csvName: String,
        parseRecords: @escaping RecordParser
    ) throws(ProvisioningError) {
        var templates: [FlashTemplate] = []
        for word in recordWords { templates.append(try FlashTemplate(word)) }
        var columns = templates.flatMap(\.columns)
        if case .column(let name)? = token?.user { columns.append(name) }
        if let csv {
            if let missing = columns.first(where: { csv.columnIndex($0) == nil }) {
                throw .missingColumn(csvName: csvName, column: missing, columns: csv.header)
            }
        } else if let first = columns.first {
            throw .columnNeedsCSV(first)
        }
        self.recordWords = templates
        self.fixed = fixed
        self.token = token
        self.csv = csv
        self.csvName = csvName
        self.parseRecords = parseRecords
    }

    /// The number of tags the CSV has rows for; nil without a CSV.
    public var rowCount: Int? { csv?.rows.count }

    /// The message for the tag with `uid` and sequence number `seq` (CSV row `seq`).
    public func message(uid: [UInt8], seq: Int) throws(ProvisioningError) -> NDEFMessage {
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
            if let problem = UserName.problem(user) { throw .tokenUserName(user, problem: problem) }
            do throws(TokenError) {
                records.append(try SignedToken(user: user, issued: UInt32(clamping: AuditTime.now().epochSeconds), counter: 0).record(uid: uid, key: token.key))
            } catch {
                throw .token(user: user, error)
            }
        }
        if let fixed { records += fixed.records }
        if !recordWords.isEmpty { records += try parseRecords(recordWords.map { $0.render(values) }) }
        return NDEFMessage(records: records)
    }

    /// Builds the message of every CSV row (or of one tag without a CSV) for a 7-byte UID, so
    /// that a bad value stops the run before any tag is written.
    ///
    /// - Throws: the first error, inside `row` naming the CSV row when there is a CSV.
    public func checkAll() throws(ProvisioningError) {
        let sampleUID = [UInt8](repeating: 0, count: 7)
        for seq in 1...max(1, rowCount ?? 1) {
            do throws(ProvisioningError) {
                _ = try message(uid: sampleUID, seq: seq)
            } catch {
                guard csv != nil else { throw error }
                throw .row(csvName: csvName, row: seq, error)
            }
        }
    }
}

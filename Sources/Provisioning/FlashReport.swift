import Basics
import CSV
import FileInput
import POSIXIO
import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// The `--report` CSV of a flash run: a header written once when the file is new, then one
/// row per tag (time, UID, product, bytes, result, error), appended and fsync'd before the
/// next tag, so that the file is complete up to the last tag whatever happens to the process.
public final class FlashReport {
    /// The header row.
    public static let header = ["time", "uid", "product", "bytes", "result", "error"]
    /// The result of a tag written, verified and (as asked) locked and protected.
    public static let ok = "ok"
    /// The result of a tag that was not.
    public static let failed = "failed"

    /// One tag's row.
    public struct Row: Equatable, Sendable {
        /// When the tag was written, ISO 8601 in UTC.
        public var time: String
        /// The tag's UID in hex.
        public var uid: String
        /// The product, or the card family of a card that is no Type 2 tag.
        public var product: String
        /// The message's length, when one was made.
        public var bytes: Int?
        /// `ok` or `failed`.
        public var result: String
        /// Why the tag failed; empty for success.
        public var error: String

        /// A row of the report.
        public init(time: String, uid: String, product: String, bytes: Int?, result: String, error: String) {
            self.time = time
            self.uid = uid
            self.product = product
            self.bytes = bytes
            self.result = result
            self.error = error
        }

        /// The row's fields, in the header's order.
        public var fields: [String] {
            [time, uid, product, bytes.map(String.init) ?? "", result, error]
        }
    }

    private let path: String
    private let descriptor: FileDescriptor
    /// The UIDs (hex) the file already lists as "ok".
    public let doneUIDs: Set<String>

    /// Opens `path` for appending, creating it with the header; an existing file must be a
    /// flash report (its header is checked) and its "ok" rows are read.
    ///
    /// - Throws: `reportUnreadable` or `notAReport` for a file that is not a flash report,
    ///   `reportWrite` when it cannot be opened for writing (a symlink is never followed),
    ///   `reportNotOwn` when it is another account's file or a hard link.
    public init(path: String) throws(ProvisioningError) {
        let descriptor: FileDescriptor
        do throws(Errno) {
            descriptor = try .opening(path, .writeOnly, options: [.append, .create, .noFollow], permissions: [.ownerReadWrite, .groupRead, .otherRead])
        } catch {
            throw .reportWrite(path: path, error)
        }
        do throws(OwnFileError) { try OwnFile.check(descriptor, for: .writing) } catch {
            descriptor.closeQuietly()
            throw .reportNotOwn(path: path, error)
        }
        var done: Set<String> = []
        if (try? descriptor.stat())?.size ?? 0 > 0 {
            let table: CSVTable
            do throws(CSVReadError) { table = try Self.read(path) } catch {
                descriptor.closeQuietly()
                throw .reportUnreadable(path: path, error)
            }
            guard table.header == Self.header else {
                descriptor.closeQuietly()
                throw .notAReport(path: path, header: table.header)
            }
            done = Set(table.rows.filter { $0[4] == Self.ok }.map { $0[1] })
        }
        self.path = path
        self.descriptor = descriptor
        self.doneUIDs = done
        if (try? descriptor.stat())?.size == 0 { try write(CSVLine.make(Self.header)) }
    }

    deinit { descriptor.closeQuietly() }

    /// Appends `row` and waits until it is on the disk.
    ///
    /// - Throws: `reportWrite` or `reportSync`.
    public func append(_ row: Row) throws(ProvisioningError) {
        try write(CSVLine.make(row.fields))
    }

    private func write(_ text: String) throws(ProvisioningError) {
        do throws(Errno) { try descriptor.writeEverything(Array(text.utf8)) } catch { throw .reportWrite(path: path, error) }
        do throws(Errno) { try descriptor.sync() } catch { throw .reportSync(path: path, error) }
    }

    /// Reads the existing report at `path` as CSV.
    private static func read(_ path: String) throws(CSVReadError) -> CSVTable {
        let file: InputFile
        do throws(FileInputError) { file = try InputFile.open(path) } catch { throw .file(error) }
        return try CSVTable(reading: file)
    }

    /// The current time as ISO 8601 in UTC, to the second: `2025-06-01T12:34:56Z`.
    public static func timestamp() -> String {
        AuditTime.now().iso8601Seconds
    }
}

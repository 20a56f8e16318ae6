import Basics
import CSV
import POSIXIO
import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// The `--report` CSV of a flash run: a header written once when the file is new, then one
/// row per tag (time, UID, product, bytes, result, error), appended and fsync'd before the
/// next tag, so that the file is complete up to the last tag whatever happens to the process.
final class FlashReport {
    /// The header row.
    static let header = ["time", "uid", "product", "bytes", "result", "error"]
    /// The result of a tag written, verified and (as asked) locked and protected.
    static let ok = "ok"
    /// The result of a tag that was not.
    static let failed = "failed"

    /// One tag's row.
    struct Row {
        var time: String
        var uid: String
        var product: String
        var bytes: Int?
        var result: String
        var error: String

        var fields: [String] {
            [time, uid, product, bytes.map(String.init) ?? "", result, error]
        }
    }

    private let path: String
    private let descriptor: FileDescriptor
    /// The UIDs (hex) the file already lists as "ok".
    let doneUIDs: Set<String>

    /// Opens `path` for appending, creating it with the header; an existing file must be a
    /// flash report (its header is checked) and its "ok" rows are read.
    ///
    /// - Throws: a data error for a file that is not a flash report, an I/O error when it
    ///   cannot be read or opened for writing.
    init(path: String) throws(CLIError) {
        var status = stat()
        var done: Set<String> = []
        if stat(path, &status) == 0, status.st_size > 0 {
            let table: CSVTable
            do throws(CLIError) { table = try CSVTable.read(path) } catch {
                throw CLIError(message: "--report \(error.message): not a flash report; choose another file", exitCode: error.exitCode)
            }
            guard table.header == Self.header else {
                throw .data("--report \(path) is not a flash report (its header is \(table.header.joined(separator: ","))): choose another file")
            }
            done = Set(table.rows.filter { $0[4] == Self.ok }.map { $0[1] })
        }
        let descriptor: FileDescriptor
        do throws(Errno) {
            descriptor = try .opening(path, .writeOnly, options: [.append, .create], permissions: [.ownerReadWrite, .groupRead, .otherRead])
        } catch {
            throw .io("--report \(path): \(error)")
        }
        self.path = path
        self.descriptor = descriptor
        self.doneUIDs = done
        if (try? descriptor.stat())?.size == 0 { try write(CSVLine.make(Self.header)) }
    }

    deinit { descriptor.closeQuietly() }

    /// Appends `row` and waits until it is on the disk.
    func append(_ row: Row) throws(CLIError) {
        try write(CSVLine.make(row.fields))
    }

    private func write(_ text: String) throws(CLIError) {
        do throws(Errno) { try descriptor.writeEverything(Array(text.utf8)) } catch { throw .io("--report \(path): \(error)") }
        do throws(Errno) { try descriptor.sync() } catch { throw .io("--report \(path): fsync: \(error)") }
    }

    /// The current time as ISO 8601 in UTC, to the second: `2025-06-01T12:34:56Z`.
    static func timestamp() -> String {
        AuditTime.now().iso8601Seconds
    }
}

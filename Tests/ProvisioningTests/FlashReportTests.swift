import Foundation
import Testing

@testable import Provisioning

@Suite("Flash report: header once, rows appended")
struct FlashReportTests {
    @Test func headerIsWrittenOnceAndRowsAppend() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("report.csv").path
        let row = FlashReport.Row(time: "2025-01-01T00:00:00Z", uid: "04A1B2C3D4E5F6", product: "NTAG213", bytes: 26, result: "ok", error: "")
        try FlashReport(path: path).append(row)
        let reopened = try FlashReport(path: path)
        #expect(reopened.doneUIDs == ["04A1B2C3D4E5F6"])
        try reopened.append(FlashReport.Row(time: "2025-01-01T00:00:01Z", uid: "04000000000001", product: "MIFARE Ultralight",
                                            bytes: nil, result: "failed", error: "the tag is read-only, nothing was written"))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == """
            time,uid,product,bytes,result,error
            2025-01-01T00:00:00Z,04A1B2C3D4E5F6,NTAG213,26,ok,
            2025-01-01T00:00:01Z,04000000000001,MIFARE Ultralight,,failed,"the tag is read-only, nothing was written"

            """)
        #expect(try FlashReport(path: path).doneUIDs == ["04A1B2C3D4E5F6"])
    }

    @Test func anotherCSVFileIsRefused() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("users.csv").path
        try "name,room\nAda,101\n".write(toFile: path, atomically: true, encoding: .utf8)
        do throws(ProvisioningError) {
            _ = try FlashReport(path: path)
            Issue.record("a file that is not a report was accepted")
        } catch {
            guard case .notAReport(path, ["name", "room"]) = error else {
                Issue.record("the file was refused with \(error)")
                return
            }
            #expect(error.description.contains("is not a flash report"))
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "name,room\nAda,101\n")
    }

    @Test func timestampIsISO8601InUTC() {
        let stamp = FlashReport.timestamp()
        #expect(stamp.count == 20)
        #expect(stamp.wholeMatch(of: /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z/) != nil)
    }

    /// The report is read back to skip tags already written: a symlink at its name is never
    /// followed (it could point at another file to append to, or at rows that skip tags), nor
    /// is a second name for another file written through.
    @Test func aSymlinkOrHardLinkAtTheReportIsRefusedAndItsTargetUntouched() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let target = directory.appendingPathComponent("precious").path
        try "precious\n".write(toFile: target, atomically: false, encoding: .utf8)
        let linked = directory.appendingPathComponent("symlinked.csv").path
        #expect(symlink(target, linked) == 0)
        let followed = #expect(throws: ProvisioningError.self) { try FlashReport(path: linked) }
        #expect(followed?.description == "--report \(linked): it is a symbolic link: it is never followed; give the report's own path")
        let second = directory.appendingPathComponent("hardlinked.csv").path
        #expect(link(target, second) == 0)
        let error = #expect(throws: ProvisioningError.self) { try FlashReport(path: second) }
        #expect(error?.description.contains("it has 2 names (hard links)") == true, "\(String(describing: error))")
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "precious\n")
    }
}

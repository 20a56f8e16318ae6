import FileInput
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite("InputFile: whole-file reads within a limit")
struct InputFileTests {
    static let limit = InputLimit(bytes: 100, for: "a test input")

    /// A file holding `bytes` in a fresh directory; the directory goes with the returned path's owner.
    static func file(_ bytes: [UInt8]) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("fileinput-\(UUID().uuidString)").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("a file up to the limit is read whole")
    func upToTheLimit() throws {
        for size in [0, 1, 99, 100] {
            let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 * 7) }
            let path = try Self.file(bytes)
            defer { unlink(path) }
            #expect(try InputFile.read(path, limit: Self.limit) == bytes)
        }
    }

    @Test("a regular file over the limit is refused, naming the file and the limit")
    func overTheLimit() throws {
        let path = try Self.file([UInt8](repeating: 0x41, count: 101))
        defer { unlink(path) }
        let error = #expect(throws: FileInputError.self) { try InputFile.read(path, limit: Self.limit) }
        #expect(error == FileInputError(name: path, .tooLarge(Self.limit)))
        #expect(error?.description == "\(path) is larger than 100 bytes, the limit for a test input")
        #expect(error?.isOverLimit == true)
    }

    @Test("an endless device is refused after one byte past the limit")
    func endlessDevice() throws {
        let file = try InputFile.open("/dev/zero")
        let error = #expect(throws: FileInputError.self) { try file.readAll(limit: InputLimit(bytes: 1 << 20, for: "a test input")) }
        #expect(error?.reason == .tooLarge(InputLimit(bytes: 1 << 20, for: "a test input")))
        #expect(error?.name == "/dev/zero")
    }

    @Test("a missing file and a forbidden one are told apart")
    func openErrors() throws {
        let missing = #expect(throws: FileInputError.self) { try InputFile.open("/nonexistent/pn532ctl/file") }
        #expect(missing?.isMissing == true)
        #expect(missing?.isPermissionDenied == false)
        #expect(missing?.description.hasPrefix("cannot open /nonexistent/pn532ctl/file: ") == true)
    }
}

@Suite("LineReader: lines in bounded memory")
struct LineReaderTests {
    static func lines(of bytes: [UInt8], limit: Int) throws -> [String] {
        let path = try InputFileTests.file(bytes)
        defer { unlink(path) }
        var reader = LineReader(try InputFile.open(path), lineLimit: InputLimit(bytes: limit, for: "a test line"))
        var lines: [String] = []
        while let line = try reader.next() { lines.append(String(decoding: line, as: UTF8.self)) }
        return lines
    }

    @Test("lines without their line feeds, a last line without one included, empty lines kept")
    func splitsLines() throws {
        #expect(try Self.lines(of: Array("a\n\nbc\nlast".utf8), limit: 10) == ["a", "", "bc", "last"])
        #expect(try Self.lines(of: Array("a\n".utf8), limit: 10) == ["a"])
        #expect(try Self.lines(of: [], limit: 10) == [])
    }

    @Test("lines across many buffer refills come out whole")
    func acrossRefills() throws {
        let expected = (0..<20_000).map { "line \($0) " + String(repeating: "x", count: $0 % 97) }
        #expect(try Self.lines(of: Array((expected.joined(separator: "\n") + "\n").utf8), limit: 200) == expected)
    }

    @Test("a line of exactly the limit is read; one byte more is refused with its line number")
    func lineLimit() throws {
        let exact = String(repeating: "y", count: 70_000)
        #expect(try Self.lines(of: Array("a\n\(exact)\nb".utf8), limit: 70_000) == ["a", exact, "b"])
        let error = #expect(throws: FileInputError.self) { try Self.lines(of: Array("a\nb\n\(exact)y\n".utf8), limit: 70_000) }
        guard case .lineTooLong(let line, let limit)? = error?.reason else {
            Issue.record("expected lineTooLong, got \(String(describing: error))")
            return
        }
        #expect(line == 3)
        #expect(limit.bytes == 70_000)
    }

    @Test("/dev/zero is one endless line: refused at the limit")
    func endlessLine() throws {
        var reader = LineReader(try InputFile.open("/dev/zero"), lineLimit: InputLimit(bytes: 1 << 16, for: "a test line"))
        let error = #expect(throws: FileInputError.self) { try reader.next() }
        #expect(error?.description == "/dev/zero:1: the line is longer than 65536 bytes, the limit for a test line")
    }
}

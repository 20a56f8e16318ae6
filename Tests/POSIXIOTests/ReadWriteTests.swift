import POSIXIO
import SystemPackage
import Testing

#if canImport(Glibc)
import Glibc
#endif

struct ReadWriteTests {
    @Test func readSomeAtEndOfFileIsEmpty() throws {
        let (readEnd, writeEnd) = try FileDescriptor.pipe()
        defer { readEnd.closeQuietly() }
        try writeEnd.writeEverything([9, 8])
        writeEnd.closeQuietly()
        #expect(try readEnd.readSome(upTo: 10) == [9, 8])
        #expect(try readEnd.readSome(upTo: 10) == [])
    }

    @Test func readToEndGathersShortReadsUntilEndOfFile() throws {
        let (readEnd, writeEnd) = try FileDescriptor.pipe()
        defer { readEnd.closeQuietly() }
        let bytes = (0..<5000).map { UInt8(truncatingIfNeeded: $0) }
        try writeEnd.writeEverything(bytes)
        writeEnd.closeQuietly()
        #expect(try readEnd.readToEnd(limit: 10_000, chunk: 700) == bytes)
    }

    @Test func readToEndStopsOneBytePastTheLimit() throws {
        let (readEnd, writeEnd) = try FileDescriptor.pipe()
        defer { readEnd.closeQuietly(); writeEnd.closeQuietly() }
        try writeEnd.writeEverything([UInt8](repeating: 7, count: 100))
        let bytes = try readEnd.readToEnd(limit: 10, chunk: 4)
        #expect(bytes.count == 11)
    }

    @Test func writeSomeOnAFullPipeIsShortThenWouldBlock() throws {
        let (readEnd, writeEnd) = try FileDescriptor.pipe()
        defer { readEnd.closeQuietly(); writeEnd.closeQuietly() }
        #expect(fcntl(writeEnd.rawValue, F_SETFL, O_NONBLOCK) == 0)
        let bytes = [UInt8](repeating: 0x55, count: 1 << 22)  // more than any pipe's buffer
        let written = try writeEnd.writeSome(bytes[...])
        #expect(written > 0 && written < bytes.count)
        #expect(throws: Errno.wouldBlock) { try writeEnd.writeSome(bytes[written...]) }
        let drained = try readEnd.readToEnd(limit: written - 1, chunk: 1 << 16)
        #expect(drained.count == written)
    }

    @Test func syncAndTruncateARealFileOpenedCloseOnExec() throws {
        let path = "/tmp/posixio-\(getpid())-sync"
        defer { unlink(path) }
        let file = try FileDescriptor.opening(path, .readWrite, options: [.create, .truncate], permissions: .ownerReadWrite)
        defer { file.closeQuietly() }
        try file.writeEverything(Array("hello world".utf8))
        try file.sync()
        try file.truncate(to: 5)
        #expect(try file.stat().size == 5)
        #expect(fcntl(file.rawValue, F_GETFD) & FD_CLOEXEC != 0)
    }
}

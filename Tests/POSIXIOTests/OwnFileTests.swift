import POSIXIO
import SystemPackage
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite("A file a process keeps for itself: regular, its own, one name")
struct OwnFileTests {
    static func opened(_ path: String, _ mode: FileDescriptor.AccessMode = .readOnly) throws -> FileDescriptor {
        try FileDescriptor.open(path, mode, options: .noFollow)
    }

    @Test func aRegularFileOfThisProcessPassesBothUses() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        try directory.write("log", "x")
        let file = try Self.opened(directory.file("log"))
        defer { try? file.close() }
        try OwnFile.check(file, for: .reading)
        try OwnFile.check(file, for: .writing)
    }

    @Test func aSecondNameIsRefusedForWritingOnly() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        try directory.write("other", "x")
        #expect(link(directory.file("other"), directory.file("log")) == 0)
        let file = try Self.opened(directory.file("log"))
        defer { try? file.close() }
        #expect(throws: OwnFileError(.links(count: 2))) { try OwnFile.check(file, for: .writing) }
        try OwnFile.check(file, for: .reading)
    }

    @Test(.enabled(if: geteuid() == 0, "chown needs root"))
    func anotherAccountsFileIsRefusedForWritingAndReadByRootOnly() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        try directory.write("log", "x")
        #expect(chown(directory.file("log"), 4242, 4242) == 0)
        let file = try Self.opened(directory.file("log"))
        defer { try? file.close() }
        #expect(throws: OwnFileError(.owner(uid: 4242, expected: 0))) { try OwnFile.check(file, for: .writing) }
        try OwnFile.check(file, for: .reading)
    }

    @Test func aFIFOIsRefusedAndADeviceOnlyWhenDevicesAreAllowed() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        #expect(mkfifo(directory.file("fifo"), 0o600) == 0)
        let fifo = try FileDescriptor.open(directory.file("fifo"), .readWrite, options: .noFollow)
        defer { try? fifo.close() }
        #expect(throws: OwnFileError(.notRegular)) { try OwnFile.check(fifo, for: .reading) }
        let null = try FileDescriptor.open("/dev/null", .writeOnly)
        defer { try? null.close() }
        #expect(throws: OwnFileError(.notRegular)) { try OwnFile.check(null, for: .writing) }
        try OwnFile.check(null, for: .writing, allowingDevices: true)
    }
}

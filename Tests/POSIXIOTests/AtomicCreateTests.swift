import POSIXIO
import SystemPackage
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `AtomicCreate`: the file appears whole with its mode, an existing name is never replaced
/// unless asked, and nothing is left behind.
struct AtomicCreateTests {
    /// A fresh directory, removed with its files by `remove`.
    struct Scratch {
        let path: String

        init() {
            var template = Array("/tmp/atomic-create-XXXXXX".utf8CString)
            let made = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.flatMap { mkdtemp($0) } }
            path = made.map { String(cString: $0) } ?? "/nonexistent"
        }

        func entries() -> [String] {
            (try? DirectoryEntries.names(in: path)) ?? []
        }

        func remove() {
            for name in entries() { unlink("\(path)/\(name)") }
            rmdir(path)
        }
    }

    static func contents(_ path: String) throws -> [UInt8] {
        let file = try FileDescriptor.opening(path, .readOnly)
        defer { file.closeQuietly() }
        return try file.readToEnd(limit: 1024, chunk: 256)
    }

    static func status(_ path: String) -> stat {
        var status = stat()
        _ = lstat(path, &status)
        return status
    }

    @Test func createsWithExactlyTheMode() throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        let path = scratch.path + "/key"
        let previous = umask(0)
        defer { umask(previous) }
        try AtomicCreate.create(path, with: [1, 2, 3], permissions: [.ownerRead, .ownerWrite])
        #expect(try Self.contents(path) == [1, 2, 3])
        #expect(Self.status(path).st_mode & 0o7777 == 0o600)
        #expect(scratch.entries() == ["key"])
    }

    @Test func refusesAnExistingNameAndLeavesItAlone() throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        let path = scratch.path + "/key"
        try AtomicCreate.create(path, with: [7], permissions: [.ownerRead, .ownerWrite])
        #expect(throws: AtomicCreateError(step: .exists, path: path, temporary: nil, errno: .fileExists)) {
            try AtomicCreate.create(path, with: [8], permissions: [.ownerRead, .ownerWrite])
        }
        #expect(try Self.contents(path) == [7])
        let dangling = scratch.path + "/dangling"
        #expect(symlink(scratch.path + "/nowhere", dangling) == 0)
        #expect(throws: AtomicCreateError(step: .exists, path: dangling, temporary: nil, errno: .fileExists)) {
            try AtomicCreate.create(dangling, with: [8], permissions: [.ownerRead, .ownerWrite])
        }
        #expect(scratch.entries() == ["dangling", "key"])
    }

    @Test func replacesARegularFileWhenAsked() throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        let path = scratch.path + "/key"
        try AtomicCreate.create(path, with: [1], permissions: [.ownerRead, .ownerWrite])
        try AtomicCreate.create(path, with: [2, 2], permissions: [.ownerRead, .ownerWrite], replacing: true)
        #expect(try Self.contents(path) == [2, 2])
        #expect(scratch.entries() == ["key"])
    }

    /// A symlink planted at the name is refused, neither followed nor replaced: the link and
    /// its target stay as they were, and nothing is left beside them.
    @Test func refusesToReplaceASymlinkAndLeavesItsTargetAlone() throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        let target = scratch.path + "/target"
        try AtomicCreate.create(target, with: [1], permissions: [.ownerRead, .ownerWrite])
        let link = scratch.path + "/key"
        #expect(symlink(target, link) == 0)
        #expect(throws: AtomicCreateError(step: .notRegular, path: link, temporary: nil, errno: .tooManySymbolicLinkLevels)) {
            try AtomicCreate.create(link, with: [2, 2], permissions: [.ownerRead, .ownerWrite], replacing: true)
        }
        #expect(Self.status(link).st_mode & S_IFMT == S_IFLNK)
        #expect(try Self.contents(target) == [1])
        #expect(scratch.entries() == ["key", "target"])
        let error = AtomicCreateError(step: .notRegular, path: link, temporary: nil, errno: .tooManySymbolicLinkLevels)
        #expect(error.description.contains("\(link) is a symbolic link or not a regular file"))
    }

    @Test func refusesToReplaceAFIFO() throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        let path = scratch.path + "/key"
        #expect(mkfifo(path, 0o600) == 0)
        #expect(throws: AtomicCreateError(step: .notRegular, path: path, temporary: nil, errno: .tooManySymbolicLinkLevels)) {
            try AtomicCreate.create(path, with: [2], permissions: [.ownerRead, .ownerWrite], replacing: true)
        }
        #expect(Self.status(path).st_mode & S_IFMT == S_IFIFO)
        #expect(scratch.entries() == ["key"])
    }

    /// The old fixed temporary name, planted as a symlink, is never used nor followed.
    @Test func aSymlinkAtTheOldTemporaryNameIsNotFollowed() throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        let target = scratch.path + "/target"
        try AtomicCreate.create(target, with: [1], permissions: [.ownerRead, .ownerWrite])
        let path = scratch.path + "/key"
        #expect(symlink(target, path + ".new") == 0)
        #expect(symlink(target, path + ".tmp") == 0)
        try AtomicCreate.create(path, with: [3], permissions: [.ownerRead, .ownerWrite], replacing: true)
        #expect(try Self.contents(path) == [3])
        #expect(try Self.contents(target) == [1])
        #expect(scratch.entries() == ["key", "key.new", "key.tmp", "target"])
    }

    @Test func aMissingDirectoryLeavesNothing() {
        #expect(throws: AtomicCreateError(step: .temporary, path: "/nonexistent/dir/key", temporary: nil, errno: .noSuchFileOrDirectory)) {
            try AtomicCreate.create("/nonexistent/dir/key", with: [1], permissions: [.ownerRead, .ownerWrite])
        }
    }

    @Test(.enabled(if: getuid() == 0, "chown to another user needs root"))
    func givesTheFileItsOwner() throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        let path = scratch.path + "/key"
        try AtomicCreate.create(path, with: [1], permissions: [.ownerRead, .ownerWrite], owner: (user: 65534, group: 65534))
        #expect(Self.status(path).st_uid == 65534)
        #expect(Self.status(path).st_gid == 65534)
    }
}

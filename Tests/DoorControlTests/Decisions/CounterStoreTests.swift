import DoorControl
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite("Counter store")
struct CounterStoreTests {
    @Test func roundTripKeepsNamesAndLeadingZeros() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let store = CounterStore(path: directory.file("counters"))
        let counters: [DecisionState.CounterKey: UInt32] = [
            .init(user: "alice", uid: [0x04, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66]): 7,
            .init(user: "tab\tand\\slash\nnewline", uid: [0x00, 0x01, 0x02, 0x03]): 0,
            .init(user: "Zoë", uid: [0x04, 0xFF, 0x00, 0x00, 0x00, 0x00, 0x01]): .max,
        ]
        try store.save(counters)
        #expect(try store.load() == counters)
        let text = try #require(directory.read("counters"))
        #expect(text.contains("alice\t04112233445566\t7\n"))
        #expect(text.contains("tab\\tand\\\\slash\\nnewline\t00010203\t0\n"))
        #expect(directory.names() == ["counters"], "no temporary file is left behind")
        var status = stat()
        #expect(stat(directory.file("counters"), &status) == 0)
        #expect(status.st_mode & 0o777 == 0o600)
    }

    @Test func savingReplacesTheWholeFile() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let store = CounterStore(path: directory.file("counters"))
        try store.save([.init(user: "alice", uid: [1, 2, 3, 4]): 1, .init(user: "bob", uid: [5, 6, 7, 8]): 2])
        try store.save([.init(user: "bob", uid: [5, 6, 7, 8]): 3])
        #expect(try store.load() == [.init(user: "bob", uid: [5, 6, 7, 8]): 3])
    }

    @Test func aMissingFileIsEmpty() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        #expect(try CounterStore(path: directory.file("none")).load().isEmpty)
    }

    @Test func aCorruptFileIsAClearError() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let path = directory.file("counters")
        for (text, line) in [
            ("# comment\nalice\t04112233\tseven\n", 2),
            ("alice\t04112233\t7\nbob\t0411223\t1\n", 2),
            ("alice 04112233 7\n", 1),
            ("alice\t04112233\t7\textra\n", 1),
            ("\t04112233\t7\n", 1),
            ("bad\\escape\t04112233\t7\n", 1),
            ("alice\t\t7\n", 1),
            ("alice\t0102\t7\n", 1),
            ("alice\t04112233\t4294967296\n", 1),
        ] {
            try directory.write("counters", text)
            #expect(throws: CounterStoreError(path: path, "line \(line) is not USER<TAB>UIDHEX<TAB>COUNTER: fix or remove the file")) {
                try CounterStore(path: path).load()
            }
        }
        let error = #expect(throws: CounterStoreError.self) { try CounterStore(path: directory.path).load() }
        #expect(error?.description == "counter file \(directory.path): cannot read: Is a directory")
    }

    @Test func anUnwritableDirectoryIsAnErrorNamingTheStep() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let store = CounterStore(path: directory.file("missing/counters"))
        let error = #expect(throws: CounterStoreError.self) { try store.save([:]) }
        #expect(error?.reason.hasPrefix("cannot create \(directory.file("missing/counters")).tmp: ") == true)
    }
}

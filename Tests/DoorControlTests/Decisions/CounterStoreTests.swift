import DoorControl
import TestSupport
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
        let counters: [DecisionState.CounterKey: DecisionState.TokenCounter] = [
            .init(user: "alice", uid: [0x04, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66]): .init(generation: 1_772_000_000, confirmed: 7, issued: 9),
            .init(user: "tab\tand\\slash\nnewline\rreturn", uid: [0x00, 0x01, 0x02, 0x03]): .init(generation: 0, confirmed: 0),
            .init(user: "Zoë", uid: [0x04, 0xFF, 0x00, 0x00, 0x00, 0x00, 0x01]): .init(generation: .max, confirmed: .max, conflict: true),
            .init(user: "#alice", uid: [0x04, 0x11, 0x22, 0x33]): .init(generation: 1, confirmed: 2),
            .init(user: "# pn532ctl token counters", uid: [0x04, 0x11, 0x22, 0x34]): .init(generation: 1, confirmed: 3),
        ]
        try store.save(counters)
        #expect(try store.load() == counters, "names starting with # (even the header's text) are no comments")
        let text = try #require(directory.read("counters"))
        #expect(text.hasPrefix("# pn532ctl token counters v2: "))
        #expect(text.contains("\nalice\t04112233445566\t1772000000\t7\t9\tok\n"))
        #expect(text.contains("tab\\tand\\\\slash\\nnewline\\rreturn\t00010203\t0\t0\t0\tok\n"))
        #expect(text.contains("\tconflict\n"))
        #expect(directory.names() == ["counters"], "no temporary file is left behind")
        var status = stat()
        #expect(stat(directory.file("counters"), &status) == 0)
        #expect(status.st_mode & 0o777 == 0o600)
    }

    @Test func savingReplacesTheWholeFile() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let store = CounterStore(path: directory.file("counters"))
        try store.save([.init(user: "alice", uid: [1, 2, 3, 4]): .init(generation: 1, confirmed: 1), .init(user: "bob", uid: [5, 6, 7, 8]): .init(generation: 1, confirmed: 2)])
        try store.save([.init(user: "bob", uid: [5, 6, 7, 8]): .init(generation: 1, confirmed: 3)])
        #expect(try store.load() == [.init(user: "bob", uid: [5, 6, 7, 8]): .init(generation: 1, confirmed: 3)])
    }

    @Test func aMissingFileIsRefusedUnlessBeginningAfresh() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let store = CounterStore(path: directory.file("none"))
        let error = #expect(throws: CounterStoreError.self) { try store.load() }
        #expect(error?.isMissing == true)
        #expect(error?.reason.contains("--new-counters") == true)
        #expect(try store.load(beginAfresh: true).isEmpty)
    }

    @Test func aFileOfTheEarlierLayoutStillReads() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        try directory.write("counters", "# pn532ctl token counters: USER<TAB>UID<TAB>COUNTER\nalice\t04112233\t7\n#bob\t04112234\t2\n")
        #expect(try CounterStore(path: directory.file("counters")).load() == [
            .init(user: "alice", uid: [0x04, 0x11, 0x22, 0x33]): .init(generation: 0, confirmed: 7),
            .init(user: "#bob", uid: [0x04, 0x11, 0x22, 0x34]): .init(generation: 0, confirmed: 2),
        ])
    }

    @Test func aCorruptFileIsAClearError() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let path = directory.file("counters")
        for (text, line) in [
            ("# pn532ctl token counters v2\nalice\t04112233\tseven\n", 2),
            ("# a comment\n", 1),
            ("alice\t04112233\t1\t5\t4\tok\n", 1),
            ("alice\t04112233\t1\t5\t6\tmaybe\n", 1),
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
            #expect(throws: CounterStoreError(path: path, "line \(line) is not USER<TAB>UIDHEX<TAB>GENERATION<TAB>CONFIRMED<TAB>ISSUED<TAB>ok|conflict: fix or remove the file")) {
                try CounterStore(path: path).load()
            }
        }
        let error = #expect(throws: CounterStoreError.self) { try CounterStore(path: directory.path).load() }
        #expect(error?.description == "counter file \(directory.path): it is not a regular file: remove it")
    }

    @Test func anUnwritableDirectoryIsAnErrorNamingTheStep() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let store = CounterStore(path: directory.file("missing/counters"))
        let error = #expect(throws: CounterStoreError.self) { try store.save([:]) }
        #expect(error?.reason.hasPrefix("cannot create a file beside \(directory.file("missing/counters")): ") == true)
    }
}

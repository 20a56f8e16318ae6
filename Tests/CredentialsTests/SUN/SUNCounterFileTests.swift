import Credentials
import TestSupport
import Testing

/// The SUN replay store, on Bolt Card's three messages of one card (counters 3, 5, 7) and
/// AN12196's SUN1: a counter not above the last accepted one for its UID is refused and leaves
/// the file as it was; a fresh one is recorded; a file that is not a counter file is refused,
/// never overwritten.
@Suite("SUN counter file")
struct SUNCounterFileTests {
    static let bolt = SUNVerifier(piccKey: SUNVerifierTests.boltK1, macKey: SUNVerifierTests.boltK2)

    static func boltMessage(_ index: Int) throws -> SUNMessage {
        let vector = SUNVerifierTests.bolt[index]
        return try bolt.verify(url: "p=\(vector.p)&c=\(vector.c)")
    }

    @Test("the first message of a UID is fresh; a higher counter is fresh; the same or a lower one is a replay")
    func replays() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let store = SUNCounterFile(path: directory.file("sun.counters"))
        #expect(try store.accept(Self.boltMessage(1)) == .fresh(previous: nil))
        #expect(try store.accept(Self.boltMessage(1)) == .replayed(lastAccepted: 5))
        #expect(try store.accept(Self.boltMessage(0)) == .replayed(lastAccepted: 5))
        let sun1 = try SUNVerifier(piccKey: .factoryDefault, macKey: .factoryDefault).verify(url: SUNVerifierTests.sun1)
        #expect(try store.accept(sun1) == .fresh(previous: nil), "another UID has its own counter")
        #expect(try store.accept(Self.boltMessage(2)) == .fresh(previous: 5))
        #expect(try store.load() == ["04996C6A926980": 7, "04DE5F1EACC040": 61])
        #expect(directory.read("sun.counters") == "# pn532ctl sun counters v1: UID<TAB>COUNTER\n04996C6A926980\t7\n04DE5F1EACC040\t61\n")
    }

    @Test("a replay writes nothing: the file keeps its bytes")
    func replayWritesNothing() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        try directory.write("sun.counters", "04996C6A926980\t9\n")
        let store = SUNCounterFile(path: directory.file("sun.counters"))
        #expect(try store.accept(Self.boltMessage(2)) == .replayed(lastAccepted: 9))
        #expect(directory.read("sun.counters") == "04996C6A926980\t9\n")
    }

    @Test("a file that is not UID<TAB>COUNTER lines is refused by line and left as it is", arguments: [
        "04996C6A926980 9\n", "04996C6A9269\t9\n", "04996C6A926980\t16777216\n", "04996C6A926980\t-1\n", "04996C6A926980\t9\n04996c6a926980\t3\n",
        "ZZ996C6A926980\t9\n",
    ])
    func malformed(text: String) throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        try directory.write("sun.counters", text)
        let store = SUNCounterFile(path: directory.file("sun.counters"))
        #expect {
            try store.accept(Self.boltMessage(2))
        } throws: { error in
            guard let error = error as? SUNCounterFileError else { return false }
            return error.kind == .malformed && error.description.contains("is not UID<TAB>COUNTER")
        }
        #expect(directory.read("sun.counters") == text)
    }
}

import DaemonKit
import DoorControl
import DoorRecords
import SystemPackage
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite("The door's connection to the hook runner")
struct HookEventSenderTests {
    static let event = HookEvent(uid: "04A1", granted: true, user: "alice", rule: "r", reason: "x", uri: nil, text: nil, lockout: false)

    /// A runner's listening socket at `path`, as the runner makes it.
    final class Listener {
        let descriptor: Int32
        let path: String

        init(path: String) throws {
            self.path = path
            descriptor = socket(AF_UNIX, Int32(SOCK_SEQPACKET.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            try #require(descriptor >= 0)
            guard case .success(let address) = SocketDestination.parse(path) else { throw ScratchError(message: "bad path \(path)") }
            try #require(address.withSocketAddress { bind(descriptor, $0, $1) } == 0, "bind: errno \(errno)")
            try #require(listen(descriptor, 4) == 0)
        }

        deinit {
            close(descriptor)
            unlink(path)
        }

        /// Accepts the waiting connection and reads its first message.
        func acceptAndRead() throws -> String {
            let connection = accept(descriptor, nil, nil)
            try #require(connection >= 0, "accept: errno \(errno)")
            defer { close(connection) }
            var buffer = [UInt8](repeating: 0, count: HookEvent.messageLimit)
            let count = buffer.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
            try #require(count > 0)
            return String(decoding: buffer[..<count], as: UTF8.self)
        }
    }

    @Test func noRunnerDropsTheEventAndCountsIt() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let sender = HookEventSender(path: directory.file("events"))
        #expect(sender.send(Self.event) == .dropped(errno: .noSuchFileOrDirectory))
        #expect(sender.send(Self.event) == .dropped(errno: .noSuchFileOrDirectory))
        #expect(sender.dropped == 2)
    }

    /// The runner restarts between two events: the second finds the old connection broken,
    /// connects again and is delivered, not dropped.
    @Test func aRestartedRunnerGetsTheNextEvent() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let path = directory.file("events")
        let sender = HookEventSender(path: path)
        var runner: Listener? = try Listener(path: path)
        #expect(sender.send(Self.event) == .sent)
        #expect(try runner?.acceptAndRead() == Self.event.json)
        runner = nil
        runner = try Listener(path: path)
        #expect(sender.send(Self.event) == .sent)
        #expect(try runner?.acceptAndRead() == Self.event.json)
        #expect(sender.dropped == 0)
    }
}

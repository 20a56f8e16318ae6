import DaemonKit
import DoorHooks
import DoorRecords
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite("The hook socket: connections only from the door's uid, each with its own queue")
struct HookEventReceiverTests {
    static let event = HookEvent(uid: "04A1", granted: true, user: "alice", rule: "r", reason: "x", uri: nil, text: "disarm", lockout: false)

    /// A connection to the socket at `path` from this process, as a hook or the door would make.
    static func connect(to path: String) throws -> Int32 {
        let descriptor = socket(AF_UNIX, Int32(SOCK_SEQPACKET.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        try #require(descriptor >= 0)
        guard case .success(let address) = SocketDestination.parse(path) else {
            close(descriptor)
            throw ScratchError(message: "bad path \(path)")
        }
        let connected = address.withSocketAddress { Glibc.connect(descriptor, $0, $1) }
        guard connected == 0 else {
            close(descriptor)
            throw ScratchError(message: "connect: errno \(errno)")
        }
        return descriptor
    }

    /// Sends `bytes` as one message on `descriptor`; false when it would block.
    static func send(_ bytes: [UInt8], on descriptor: Int32) -> Bool {
        bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT) | Int32(MSG_NOSIGNAL)) } == bytes.count
    }

    @Test func aConnectionFromAnotherUIDIsRefusedUnreadWhateverItSays() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let doorUID = getuid() == 0 ? 1 : getuid() - 1
        let receiver = try HookEventReceiver(path: directory.file("events"), doorUID: doorUID)
        let hook = try Self.connect(to: receiver.path)
        defer { close(hook) }
        #expect(Self.send(Array(Self.event.json.utf8), on: hook))
        #expect(receiver.receive() == .refused(.otherSender(uid: getuid(), pid: getpid())), "a forged grant from a hook's uid")
        #expect(receiver.receive() == nil)
        #expect(receiver.descriptors == [receiver.listener], "the refused connection is not kept")
    }

    @Test func aMessageFromTheDoorsUIDIsAnEvent() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let receiver = try HookEventReceiver(path: directory.file("events"), doorUID: getuid())
        let door = try Self.connect(to: receiver.path)
        defer { close(door) }
        #expect(Self.send(Array(Self.event.json.utf8), on: door))
        #expect(receiver.receive() == .fromDoor(Array(Self.event.json.utf8)))
        #expect(Self.send([UInt8](repeating: 0x20, count: HookEvent.messageLimit + 1), on: door))
        #expect(receiver.receive() == .refused(.tooLong))
        #expect(receiver.receive() == nil)
    }

    /// Another process fills its own connection's queue until the kernel refuses more; the door's
    /// event still goes through on the door's connection and is read first. (With one datagram
    /// socket shared by every sender, the door's send failed with EAGAIN here.)
    @Test func aFloodOnAnotherConnectionCannotDropTheDoorsEvent() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let receiver = try HookEventReceiver(path: directory.file("events"), doorUID: getuid())
        let door = try Self.connect(to: receiver.path)
        defer { close(door) }
        let flooder = try Self.connect(to: receiver.path)
        defer { close(flooder) }
        let noise = Array(#"{"uid":"00","granted":true}"#.utf8)
        var flooded = 0
        while flooded < 100_000, Self.send(noise, on: flooder) { flooded += 1 }
        #expect(flooded > 0 && flooded < 100_000, "the flooder's queue filled after \(flooded) messages")
        #expect(Self.send(Array(Self.event.json.utf8), on: door), "errno \(errno)")
        var received: [HookEventReceiver.Message] = []
        while let message = receiver.receive() { received.append(message) }
        #expect(received.contains(.fromDoor(Array(Self.event.json.utf8))))
    }
}

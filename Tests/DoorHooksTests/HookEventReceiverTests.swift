import DaemonKit
import DoorHooks
import DoorRecords
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite("The hook socket: events only from the door's uid")
struct HookEventReceiverTests {
    static let event = HookEvent(uid: "04A1", granted: true, user: "alice", rule: "r", reason: "x", uri: nil, text: "disarm", lockout: false)

    /// Sends `bytes` to the socket at `path` from this process, as a hook or the door would.
    static func send(_ bytes: [UInt8], to path: String) throws {
        let descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        guard case .success(let address) = SocketDestination.parse(path) else {
            Issue.record("bad path \(path)")
            return
        }
        let sent = address.withSocketAddress { pointer, length in
            bytes.withUnsafeBytes { sendto(descriptor, $0.baseAddress, $0.count, 0, pointer, length) }
        }
        try #require(sent == bytes.count, "sendto: errno \(errno)")
    }

    @Test func aDatagramFromAnotherUIDIsRefusedWhateverItSays() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let doorUID = getuid() == 0 ? 1 : getuid() - 1
        let receiver = try HookEventReceiver(path: directory.file("events"), doorUID: doorUID)
        try Self.send(Array(Self.event.json.utf8), to: receiver.path)
        #expect(receiver.receive() == .refused(.otherSender(uid: getuid(), pid: getpid())), "a forged grant from a hook's uid")
        #expect(receiver.receive() == nil)
    }

    @Test func aDatagramFromTheDoorsUIDIsAnEvent() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let receiver = try HookEventReceiver(path: directory.file("events"), doorUID: getuid())
        try Self.send(Array(Self.event.json.utf8), to: receiver.path)
        #expect(receiver.receive() == .fromDoor(Array(Self.event.json.utf8)))
        try Self.send([UInt8](repeating: 0x20, count: HookEvent.datagramLimit + 1), to: receiver.path)
        #expect(receiver.receive() == .refused(.tooLong))
        #expect(receiver.receive() == nil)
    }
}

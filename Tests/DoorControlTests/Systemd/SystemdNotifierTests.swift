import TestSupport
import Testing
@testable import DaemonKit

#if canImport(Glibc)
import Glibc
#endif

/// A datagram socket bound where a notifier can send to it, standing in for systemd.
final class NotifySocketListener {
    let descriptor: Int32
    /// What NOTIFY_SOCKET should say.
    let address: String

    /// Binds to a path, or to an abstract name when `address` starts with `@`.
    init(address: String) throws {
        self.address = address
        descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw ScratchError(message: "socket: errno \(errno)") }
        let destination = try SocketDestination.parse(address).get()
        let bound = destination.withSocketAddress { bind(descriptor, $0, $1) }
        guard bound == 0 else { throw ScratchError(message: "bind \(address): errno \(errno)") }
    }

    deinit {
        close(descriptor)
    }

    /// The next datagram already queued (a send over AF_UNIX is delivered before sendto
    /// returns), or nil when none is.
    func received() -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
        return count < 0 ? nil : Array(buffer[..<count])
    }
}

@Suite("systemd notifications")
struct SystemdNotifierTests {
    static func environment(_ values: [String: String]) -> (String) -> String? {
        { values[$0] }
    }

    @Test func datagramsReachAPathSocket() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let listener = try NotifySocketListener(address: directory.file("notify"))
        let notifier = SystemdNotifier(environment: Self.environment(["NOTIFY_SOCKET": listener.address]))
        #expect(notifier.isEnabled)
        try notifier.send(SystemdNotifier.ready + "\n" + SystemdNotifier.status("waiting for tags"))
        try notifier.send(SystemdNotifier.watchdog)
        try notifier.send(SystemdNotifier.reloading(monotonicMicroseconds: 123_456_789))
        try notifier.send(SystemdNotifier.stopping)
        #expect(listener.received() == Array("READY=1\nSTATUS=waiting for tags".utf8))
        #expect(listener.received() == Array("WATCHDOG=1".utf8))
        #expect(listener.received() == Array("RELOADING=1\nMONOTONIC_USEC=123456789".utf8))
        #expect(listener.received() == Array("STOPPING=1".utf8))
        #expect(listener.received() == nil)
    }

    @Test func datagramsReachAnAbstractSocket() throws {
        let random = UInt64.random(in: 0...UInt64.max)
        let listener = try NotifySocketListener(address: "@pn532ctl-test-\(getpid())-\(random)")
        let notifier = SystemdNotifier(environment: Self.environment(["NOTIFY_SOCKET": listener.address]))
        #expect(notifier.notify("READY=1"))
        #expect(listener.received() == Array("READY=1".utf8))
    }

    @Test func withoutANotifySocketNothingIsSent() throws {
        for environment in [[:], ["NOTIFY_SOCKET": ""], ["WATCHDOG_USEC": "30000000"]] {
            let notifier = SystemdNotifier(environment: Self.environment(environment))
            #expect(!notifier.isEnabled)
            #expect(notifier.watchdogInterval == nil)
            try notifier.send("READY=1")
            #expect(notifier.notify("WATCHDOG=1"))
        }
    }

    @Test func statusIsOneLine() {
        #expect(SystemdNotifier.status("reader lost\nretrying\r\nsoon") == "STATUS=reader lost retrying soon")
    }

    @Test func reloadingCarriesTheMonotonicClock() {
        let before = SystemdNotifier.monotonicMicroseconds()
        let message = SystemdNotifier.reloading()
        let after = SystemdNotifier.monotonicMicroseconds()
        #expect(message.hasPrefix("RELOADING=1\nMONOTONIC_USEC="))
        let value = UInt64(message.dropFirst("RELOADING=1\nMONOTONIC_USEC=".count))
        #expect(value.map { (before...after).contains($0) } == true)
    }

    @Test func anAbsentSocketIsAnErrorNamingIt() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let path = directory.file("nobody")
        let notifier = SystemdNotifier(environment: Self.environment(["NOTIFY_SOCKET": path]))
        let error = #expect(throws: SystemdNotifyError.self) { try notifier.send("READY=1") }
        #expect(error == SystemdNotifyError(address: path, reason: .send(ENOENT)))
        #expect(error?.description.contains(path) == true)
        #expect(!notifier.notify("READY=1"))
    }

    @Test(arguments: ["relative/notify", "@", "vsock:2:1234", "/" + String(repeating: "x", count: 107), "@" + String(repeating: "x", count: 108)])
    func unusableAddressesAreRefused(address: String) {
        let notifier = SystemdNotifier(environment: Self.environment(["NOTIFY_SOCKET": address]))
        let error = #expect(throws: SystemdNotifyError.self) { try notifier.send("READY=1") }
        guard case .badAddress? = error?.reason else {
            Issue.record("expected a bad address, got \(String(describing: error))")
            return
        }
    }

    @Test func addressesThatJustFitAreAccepted() throws {
        #expect(throws: Never.self) { try SocketDestination.parse("/" + String(repeating: "x", count: 106)).get() }
        #expect(throws: Never.self) { try SocketDestination.parse("@" + String(repeating: "x", count: 107)).get() }
    }
}

@Suite("systemd watchdog settings")
struct SystemdWatchdogTests {
    static func notifier(_ values: [String: String], pid: Int32 = 4242) -> SystemdNotifier {
        var environment = values
        environment["NOTIFY_SOCKET"] = "/run/systemd/notify"
        return SystemdNotifier(environment: { environment[$0] }, processID: pid)
    }

    @Test func pingsAtHalfTheTimeout() {
        let notifier = Self.notifier(["WATCHDOG_USEC": "30000000"])
        #expect(notifier.watchdogTimeout == .seconds(30))
        #expect(notifier.watchdogInterval == .seconds(15))
        #expect(Self.notifier(["WATCHDOG_USEC": "1001"]).watchdogInterval == .microseconds(500.5))
    }

    @Test func theWatchdogPIDMustBeOurs() {
        #expect(Self.notifier(["WATCHDOG_USEC": "30000000", "WATCHDOG_PID": "4242"]).watchdogInterval == .seconds(15))
        #expect(Self.notifier(["WATCHDOG_USEC": "30000000", "WATCHDOG_PID": "1"]).watchdogInterval == nil)
        #expect(Self.notifier(["WATCHDOG_USEC": "30000000", "WATCHDOG_PID": "x"]).watchdogInterval == nil)
        #expect(Self.notifier(["WATCHDOG_USEC": "30000000", "WATCHDOG_PID": "+4242"]).watchdogInterval == nil, "systemd writes digits only")
    }

    @Test(arguments: ["", "0", "-5", "abc", "30s", "+30", " 30", "99999999999999999999", "３０", "٣٠"])
    func unusableTimeoutsTurnTheWatchdogOff(value: String) {
        #expect(Self.notifier(["WATCHDOG_USEC": value]).watchdogInterval == nil)
    }

    @Test func noTimeoutNoWatchdog() {
        #expect(Self.notifier([:]).watchdogTimeout == nil)
    }
}

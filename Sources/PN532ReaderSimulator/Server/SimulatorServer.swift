import Basics
import DaemonKit
import PN532
import PN532Simulator
import POSIXIO
import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// A simulated PN532 served on a pseudo-terminal in real time (`PTYServer`), with its control
/// channel (`present SPEC`, `remove`, … on standard input or a FIFO), until a signal
/// (SIGINT, SIGTERM, SIGHUP) comes: what `pn532ctl sim` runs.
public final class SimulatorServer {
    /// The commands the control channel understands, for help texts.
    public static let controlHelp = ControlChannel.help

    private let server: PTYServer
    private let channel: ControlChannel
    private let loop: EventLoop

    /// Opens a pty for `chip`, with `hostToChipFaults` and `chipToHostFaults` on its bytes, the
    /// control channel on `control` (a FIFO; standard input when nil) answering through `reply`,
    /// and watches the signals that stop it.
    public init(
        chip: SimulatedPN532, hostToChipFaults: ByteFaults = .none, chipToHostFaults: ByteFaults = .none,
        control: String?, reply: @escaping (String) -> Void
    ) throws(SimulatorServerError) {
        do throws(LinkError) { server = try PTYServer(chip: chip) } catch { throw .link(error) }
        server.hostToChipFaults = hostToChipFaults
        server.chipToHostFaults = chipToHostFaults
        channel = try ControlChannel(path: control, reply: reply)
        do throws(Errno) { loop = try EventLoop(signals: [SIGINT, SIGTERM, SIGHUP]) } catch { throw .signals(error) }
    }

    /// The pty's slave path, which hosts open as a serial port (`/dev/pts/3`).
    public var path: String { server.path }

    /// Serves until a signal comes, and returns its number.
    public func serve() throws(SimulatorServerError) -> Int32 {
        while true {
            let deadline = MonotonicTime.monotonicNow() + server.timeUntilNextActivity(limit: .milliseconds(100))
            let wake: EventLoop.Wake
            do throws(EventLoopError) { wake = try loop.wait(for: [server.descriptor, channel.descriptor], until: deadline) } catch {
                throw .wait(error)
            }
            if let signal = wake.signals.first { return signal }
            if wake.readable.last == true { channel.service(server.chip) }
            do throws(LinkError) { try server.service() } catch { throw .link(error) }
        }
    }
}

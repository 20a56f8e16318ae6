import DaemonKit
import PN532
import SystemPackage

/// Why the simulator's server stopped or could not start.
public enum SimulatorServerError: Error, CustomStringConvertible {
    /// The pseudo-terminal could not be opened, or reading or writing it failed.
    case link(LinkError)
    /// The control FIFO could not be opened.
    case control(path: String, Errno)
    /// The signals to stop on could not be watched.
    case signals(Errno)
    /// Waiting for the pty, the control channel and the signals failed.
    case wait(EventLoopError)

    public var description: String {
        switch self {
        case .link(let error): error.description
        case .control(let path, let error): "--control \(path): \(error)"
        case .signals(let error): "cannot watch signals: \(error)"
        case .wait(let error): "\(error)"
        }
    }
}

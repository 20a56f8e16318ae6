import DoorRecords
import DaemonKit
import GPIO
import PN532Reader
import POSIXIO
import SystemPackage
import TOML

/// Why the door cannot start, cannot release its outputs, or stopped on a fault. Each case
/// keeps what a technician needs (the key and its place in the file, the line, errno); a
/// front end maps the kind to its exit status and prints `description`.
public enum DoorError: Error, CustomStringConvertible {
    /// The configuration is invalid, missing, unreadable, or its key others may read.
    case configuration(ConfigError)
    /// `reader.device` is not a device; `place` is `door.toml:4: reader.device`.
    case device(place: String, DeviceSpecError)
    /// `gpio.chip` names no chip this machine has; `chips` lists those it has.
    case noChip(place: String, chip: String, chips: String)
    /// A configured line is not a line of the chip (`chip`: its name, or every chip's).
    case lineNotOnChip(place: String, line: String, chip: String)
    /// `gpio.backend = "sysfs"` where its `export` file cannot be written (a read-only /sys
    /// under the unit's hardening): the door could not drive nor release its lines.
    case sysfsNotWritable(place: String, export: String, Errno)
    /// The directory of a file the door writes is missing (`exists` false) or no directory.
    case directory(place: String, directory: String, exists: Bool)
    /// The counter file cannot be read (rolling counters cannot be checked without it).
    case counters(place: String, CounterStoreError)
    /// A line (configured at `key`) cannot be requested or driven; `otherBackend` says how
    /// the configuration picks the other GPIO backend.
    case line(key: String, line: String, GPIOError, otherBackend: String)
    /// The inputs cannot be read at the start.
    case inputs(GPIOError)
    /// The audit log cannot be opened.
    case audit(AuditLogError)
    /// The signals cannot be watched.
    case signals(Errno)
    /// The copy of the lines for `door release` cannot be kept.
    case keep(AtomicCreateError)
    /// The loop's wait or its signals failed.
    case loop(EventLoopError)
    /// The control socket (`fleet.control_socket`, at `place`) cannot listen: the step that
    /// failed, and errno.
    case controlSocket(place: String, step: String, Errno)
    /// `door release`: lines whose polarity differs between the kept copy and the file, not
    /// driven (one message each).
    case releaseConflict([String])

    public var description: String {
        switch self {
        case .configuration(let error): error.description
        case let .device(place, error): "\(place): \(error)"
        case let .noChip(place, chip, chips): "\(place): no GPIO chip \(chip) here; chips: \(chips)"
        case let .lineNotOnChip(place, line, chip): "\(place): \(line) is not a line of \(chip): check the board's line names (pn532ctl gpio list)"
        case let .sysfsNotWritable(place, export, code):
            "\(place): \"sysfs\", but \(export) cannot be written (\(code)): /sys is read-only under the unit's hardening (ProtectKernelTunables, ProtectSystem), so the door could neither drive nor release its lines; use gpio.backend = \"cdev\" (/dev/gpiochipN, the default), or set ProtectKernelTunables=no in a drop-in (systemctl edit pn532ctl-door)"
        case let .directory(place, directory, true): "\(place): \(directory) is not a directory"
        case let .directory(place, directory, false):
            "\(place): the directory \(directory) does not exist: create it, writable by the door's account (scripts/install.sh does)"
        case let .counters(place, error): "\(place): \(error) (rolling counters cannot be checked without it: the door does not start)"
        case let .line(key, line, error, otherBackend):
            "\(key) (\(line)): \(error)\(Self.hint(error, otherBackend))"
        case .inputs(let error): error.description
        case .audit(let error): "audit.path: \(error)"
        case .signals(let code): "cannot watch signals: \(code)"
        case .keep(let error): error.description
        case .loop(let error): error.description
        case let .controlSocket(place, step, code):
            "\(place): cannot listen: \(step): \(code): its directory must exist and be writable by the door's account (a RuntimeDirectory= of the door's unit), and reachable by uplink_user's"
        case .releaseConflict(let conflicts): "the kept copy and the file disagree, not released: " + conflicts.joined(separator: "; ")
        }
    }

    /// After a missing GPIO interface, how to pick the other backend.
    private static func hint(_ error: GPIOError, _ otherBackend: String) -> String {
        if case .noInterface = error { "; \(otherBackend)" } else { "" }
    }
}

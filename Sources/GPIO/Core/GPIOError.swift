import Basics
import SystemPackage

import Glibc
/// A GPIO failure, with the line, chip and path involved and what to do about it.
public enum GPIOError: Error, Equatable, CustomStringConvertible {
    /// A line name that is not a board name such as `GPIO17`.
    case invalidLineName(String)
    /// No chip under the root, or none matching the one asked for.
    case noChip(String)
    /// The backend's kernel interface is not here at all (no chip, or its directory cannot be
    /// read): the other backend may be. What to do depends on how the backend was chosen, so
    /// the message does not say; the caller adds it.
    case noInterface(String)
    /// Several chips could hold the line; the caller must name one.
    case ambiguousChip(line: String, chips: [String])
    /// The line is not on the chip (offset past its line count, or no line of that name).
    case lineNotFound(line: String, chip: String)
    /// A system call on `path` failed with `errno`; `operation` says what was being done.
    case system(operation: String, path: String, errno: Errno)
    /// The line is held by another user (EBUSY); `consumer` names it, empty when unknown
    /// (sysfs cannot tell who holds a line it may not export).
    case busy(line: String, chip: String, consumer: String)
    /// The files of a freshly exported line stayed unwritable past the udev grace period.
    case permissionTimeout(line: String, path: String, waited: Duration)
    /// The backend cannot do what was asked (such as bias through sysfs).
    case unsupported(String)
    /// A wait was interrupted (a signal); outputs were set off before this was thrown.
    case interrupted
    /// The kernel answered with something this layer does not understand.
    case malformed(String)

    public var description: String {
        switch self {
        case .invalidLineName(let name):
            return "'\(name)' is not a line name; use the board's name, such as GPIO17 (not a sysfs number)"
        case .noChip(let detail), .noInterface(let detail):
            return detail
        case .ambiguousChip(let line, let chips):
            return "\(line) could be on any of \(chips.joined(separator: ", ")); choose one with --chip"
        case .lineNotFound(let line, let chip):
            return "\(line) is not a line of chip \(chip); 'pn532ctl gpio list' shows the lines"
        case .system(let operation, let path, let code):
            return "\(operation) \(path) failed: \(code.description)\(hint(code))"
        case .busy(let line, let chip, let consumer):
            guard consumer.isEmpty else { return "\(line) on \(chip) is in use by '\(consumer)'; stop it or choose another line" }
            return "\(line) on \(chip) is in use by another program (through /dev/gpiochipN) or a kernel driver; "
                + "'pn532ctl gpio list' (the cdev backend) names the holder; stop it or choose another line"
        case .permissionTimeout(let line, let path, let waited):
            return "\(path) for \(line) was still not writable after \(waited.nanoseconds / 1_000_000) ms (udev sets its permissions "
                + "after export); add the user to the gpio group or run as root"
        case .interrupted:
            return "interrupted; outputs were switched off"
        case .malformed(let detail), .unsupported(let detail):
            return detail
        }
    }

    private func hint(_ code: Errno) -> String {
        switch code {
        case .permissionDenied, .notPermitted: return " (run as root or add the user to the gpio group)"
        case .noSuchFileOrDirectory: return " (is the GPIO interface enabled in this kernel?)"
        default: return ""
        }
    }
}

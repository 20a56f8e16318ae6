/// What kind of failure a `--json` error object reports (`"kind"`): one word a program can
/// branch on, beside the exit code it goes with.
enum ErrorKind: String, CaseIterable {
    /// Bad usage, a bad option value or a missing confirmation (`--yes`): 64.
    case usage
    /// Bad input data: 65.
    case data
    /// An input file that cannot be opened: 66.
    case noInput
    /// The reader or a line cannot be had or failed: 69.
    case unavailable
    /// A read or write failed: 74.
    case io
    /// The device is in use: 75.
    case busy
    /// No permission, or a secret others may read: 77.
    case permission
    /// A configuration that cannot be used: 78.
    case config
    /// The tag refused: a wrong password, a NAK, a read-only or locked tag: 1.
    case refused
    /// A signal ended the command: 128 + the signal.
    case interrupted
    /// Anything else that failed (no tag, a check that failed): 1.
    case failed

    /// The kind an exit code stands for when the error does not name one.
    init(exitCode: Int32) {
        switch exitCode {
        case 64: self = .usage
        case 65: self = .data
        case 66: self = .noInput
        case 69: self = .unavailable
        case 74: self = .io
        case 75: self = .busy
        case 77: self = .permission
        case 78: self = .config
        case 129...: self = .interrupted
        default: self = .failed
        }
    }
}

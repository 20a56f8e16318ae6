import ArgumentParser
import GPIO

extension CLIError {
    /// A GPIO failure with the exit code for its kind: bad names 64, missing interface or
    /// busy line 69, failed reads and writes 74, interrupted by a signal 130 (as after Ctrl-C;
    /// `SignalClock.mappingGPIO` gives the signal's own 128 + N).
    /// When the backend's interface is missing, `otherBackend` says how this command picks the
    /// other one (`try --backend sysfs`, a configuration key); nil when it cannot.
    init(gpio error: GPIOError, otherBackend: String? = nil) {
        let code: ExitCode
        switch error {
        case .invalidLineName, .ambiguousChip, .lineNotFound, .unsupported: code = .usage
        case .noChip, .noInterface, .busy: code = .unavailable
        case .interrupted: code = ExitCode(130)
        case .system, .permissionTimeout, .malformed: code = .ioError
        }
        let hint = if case .noInterface = error, let otherBackend { "; \(otherBackend)" } else { "" }
        let kind: ErrorKind? = if case .interrupted = error { .interrupted } else { nil }
        self.init(message: error.description + hint, exitCode: code, kind: kind)
    }

    /// Runs `body`, turning `GPIOError`s into `CLIError`s (see `init(gpio:otherBackend:)`).
    static func mappingGPIO<T>(otherBackend: String?, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as GPIOError {
            throw CLIError(gpio: error, otherBackend: otherBackend)
        }
    }
}

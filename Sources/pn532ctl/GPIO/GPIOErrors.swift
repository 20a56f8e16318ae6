import ArgumentParser
import GPIO

extension CLIError {
    /// A GPIO failure with the exit code for its kind: bad names 64, missing interface or
    /// busy line 69, failed reads and writes 74, interrupted by a signal 130 (as after Ctrl-C).
    init(gpio error: GPIOError) {
        let code: ExitCode
        switch error {
        case .invalidLineName, .ambiguousChip, .lineNotFound, .unsupported: code = .usage
        case .noChip, .busy: code = .unavailable
        case .interrupted: code = ExitCode(130)
        case .system, .permissionTimeout, .malformed: code = .ioError
        }
        self.init(message: error.description, exitCode: code)
    }

    /// Runs `body`, turning `GPIOError`s into `CLIError`s.
    static func mappingGPIO<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as GPIOError {
            throw CLIError(gpio: error)
        }
    }
}

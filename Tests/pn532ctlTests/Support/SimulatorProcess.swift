import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A `pn532ctl` process running beside a test, read a line at a time.
final class BackgroundCommand {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private var buffered: [UInt8] = []

    /// Starts `pn532ctl ARGUMENTS`; with `readingStandardError`, its standard error is what
    /// `readLine` reads (and standard output is dropped). Not under systemd, whatever the
    /// test runner is (no journal stream, no notify socket), unless `environment` says so.
    /// A `launcher` (a program and its arguments) runs the binary, its path and `arguments`
    /// following the launcher's own.
    init(_ arguments: [String], readingStandardError: Bool = false, environment: [String: String] = [:], launcher: [String] = []) throws {
        if let program = launcher.first {
            process.executableURL = URL(fileURLWithPath: program)
            process.arguments = launcher.dropFirst() + [binaryURL.path] + arguments
        } else {
            process.executableURL = binaryURL
            process.arguments = arguments
        }
        var variables = testEnvironment()
        for name in ["JOURNAL_STREAM", "NOTIFY_SOCKET", "WATCHDOG_USEC", "WATCHDOG_PID"] { variables[name] = nil }
        process.environment = variables.merging(environment) { $1 }
        process.standardInput = input
        process.standardOutput = readingStandardError ? FileHandle.nullDevice : output
        process.standardError = readingStandardError ? output : FileHandle.nullDevice
        try process.run()
    }

    /// The process id.
    var processIdentifier: Int32 { process.processIdentifier }

    /// Reads lines up to and including the next one that contains `text` and returns them all,
    /// waiting at most `seconds` in all.
    func readLines(through text: String, within seconds: Int64 = 20) throws -> [String] {
        let deadline = ContinuousClock.now + .seconds(seconds)
        var lines: [String] = []
        while true {
            let remaining = deadline - ContinuousClock.now
            guard remaining > .zero else { throw SimulatorProcessError.noReply }
            lines.append(try readLine(within: max(1, remaining.components.seconds)))
            if lines[lines.count - 1].contains(text) { return lines }
        }
    }

    /// Reads lines until one contains `text` and returns it, waiting at most `seconds` in all.
    func readLine(containing text: String, within seconds: Int64 = 20) throws -> String {
        try readLines(through: text, within: seconds).last ?? ""
    }

    deinit {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }

    /// Writes a line to the process's standard input.
    func send(_ line: String) {
        input.fileHandleForWriting.write(Data((line + "\n").utf8))
    }

    /// The next line of standard output, waiting at most `seconds`.
    func readLine(within seconds: Int64 = 10) throws -> String {
        let descriptor = output.fileHandleForReading.fileDescriptor
        let deadline = ContinuousClock.now + .seconds(seconds)
        while true {
            if let newline = buffered.firstIndex(of: 0x0A) {
                let line = String(decoding: buffered[..<newline], as: UTF8.self)
                buffered.removeSubrange(...newline)
                return line
            }
            var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let remaining = deadline - ContinuousClock.now
            guard remaining > .zero, poll(&entry, 1, Int32(remaining.components.seconds * 1000 + 1)) > 0 else {
                throw SimulatorProcessError.noReply
            }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { throw SimulatorProcessError.exited }
            buffered += chunk[..<count]
        }
    }

    /// Waits for the process to end and returns its exit status.
    func wait() -> Int32 {
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Stops the process with SIGTERM and returns its exit status.
    func stop() -> Int32 {
        process.terminate()
        return wait()
    }

    /// Sends SIGINT, as Ctrl-C does, and returns the exit status.
    func interrupt() -> Int32 {
        process.interrupt()
        return wait()
    }
}

/// `pn532ctl sim` running beside a test, with its control channel on standard input.
final class SimulatorProcess {
    /// The pty the simulator serves.
    let path: String
    private let command: BackgroundCommand

    /// Starts `pn532ctl sim ARGUMENTS` and waits for the pty path it prints.
    init(_ arguments: [String] = []) throws {
        command = try BackgroundCommand(["sim"] + arguments)
        let first = try command.readLine()
        guard first.hasPrefix("pty /dev/") else { throw SimulatorProcessError.unexpectedOutput(first) }
        path = String(first.dropFirst(4))
    }

    /// Sends a control command and returns the first line of the reply.
    func control(_ line: String) throws -> String {
        command.send(line)
        return try command.readLine()
    }

    /// The next line of a reply: a `list` of several tags, or the answer to the next of
    /// several commands sent at once.
    func nextReply() throws -> String {
        try command.readLine()
    }

    /// Stops the simulator with SIGTERM and returns its exit status.
    func stop() -> Int32 {
        command.stop()
    }

    /// Stops the simulator with SIGINT, as Ctrl-C does, and returns its exit status.
    func interrupt() -> Int32 {
        command.interrupt()
    }
}

enum SimulatorProcessError: Error, Equatable {
    case unexpectedOutput(String)
    case noReply
    case exited
}

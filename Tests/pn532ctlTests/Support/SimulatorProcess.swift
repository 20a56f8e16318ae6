import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// `pn532ctl sim` running beside a test, with its control channel on standard input.
final class SimulatorProcess {
    /// The pty the simulator serves.
    let path: String
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private var buffered: [UInt8] = []

    /// Starts `pn532ctl sim ARGUMENTS` and waits for the pty path it prints.
    init(_ arguments: [String] = []) throws {
        process.executableURL = binaryURL
        process.arguments = ["sim"] + arguments
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var first = ""
        do {
            first = try Self.readLine(from: output, buffer: &buffered)
        } catch {
            process.terminate()
            throw error
        }
        guard first.hasPrefix("pty /dev/") else {
            process.terminate()
            throw SimulatorProcessError.unexpectedOutput(first)
        }
        path = String(first.dropFirst(4))
    }

    deinit {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }

    /// Sends a control command and returns the first line of the reply.
    func control(_ command: String) throws -> String {
        input.fileHandleForWriting.write(Data((command + "\n").utf8))
        return try Self.readLine(from: output, buffer: &buffered)
    }

    /// Stops the simulator with SIGTERM and returns its exit status.
    func stop() -> Int32 {
        process.terminate()
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// A line from the pipe, waiting at most 10 s for it.
    private static func readLine(from pipe: Pipe, buffer: inout [UInt8]) throws -> String {
        let descriptor = pipe.fileHandleForReading.fileDescriptor
        let deadline = ContinuousClock.now + .seconds(10)
        while true {
            if let newline = buffer.firstIndex(of: 0x0A) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
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
            buffer += chunk[..<count]
        }
    }
}

enum SimulatorProcessError: Error {
    case unexpectedOutput(String)
    case noReply
    case exited
}

@testable import DoorControl
import Foundation
import GPIO
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// `door release` and the door's release before start against a kept copy that disagrees with
/// the file: the stale polarity is never driven, a line only the copy names is skipped and
/// said so, and no line ever passes through its on level. The GPIO is a recording backend
/// that keeps every physical level a line is requested with or driven to.
@Suite("Output release: the kept copy never overrides the file")
struct OutputReleaseTests {
    /// Every physical level requested or written, per line, in order.
    final class Recorder: GPIOBackend {
        var levels: [String: [Bool]] = [:]

        final class LineIO: GPIOLineIO {
            let record: (Bool) -> Void
            init(_ record: @escaping (Bool) -> Void) { self.record = record }
            func readLevel() throws(GPIOError) -> Bool { false }
            func writeLevel(_ high: Bool) throws(GPIOError) { record(high) }
            func waitForEdge(timeout: Duration) throws(GPIOError) -> Bool { false }
        }

        func chips() throws(GPIOError) -> [GPIOChipDescription] { [] }

        func request(_ request: GPIOLineRequest, chip: String?) throws(GPIOError) -> GPIOLine {
            let name = request.line.description
            if case .output(let initiallyOn) = request.direction { levels[name, default: []].append(initiallyOn != request.activeLow) }
            return GPIOLine(name: request.line, activeLow: request.activeLow, io: LineIO { [weak self] in self?.levels[name, default: []].append($0) }, clock: SystemGPIOClock())
        }
    }

    /// A directory holding `door.toml` (`file`) and the kept copy (`kept`).
    static func release(file: String, kept: String?) throws -> (OutputRelease, TemporaryDirectory) {
        let directory = try TemporaryDirectory()
        let path = try directory.write("door.toml", file)
        if let kept { _ = try directory.write(OutputRelease.keptFileName, kept) }
        return (OutputRelease(configPath: path, boards: nil, stateDirectory: directory.path), directory)
    }

    static func copy(relayActiveLow: Bool, led: String? = nil) -> String {
        ReleaseLines(
            gpio: GPIOConfig(backend: .simulated, chip: nil, sysfsRoot: "/sys/class/gpio", simDirectory: "/nonexistent/gpio"),
            relay: LineConfig(line: "GPIO17", activeLow: relayActiveLow), led: led.map { LineConfig(line: $0) }
        ).rendered
    }

    /// The issue's case: the copy says active high, the file (invalid as a whole: no reader,
    /// no audit path) says active low. Driving the copy's off level would energise the relay.
    @Test func aStalePolarityIsNeverDrivenAndIsAFailure() throws {
        let (release, directory) = try Self.release(
            file: "[gpio]\nbackend = \"sim\"\n[relay]\nline = \"GPIO17\"\nactive_low = true\npulse_ms = \"broken\"\n",
            kept: Self.copy(relayActiveLow: false))
        _ = directory
        let recorder = Recorder()
        let outcome = release.run { _ in recorder }
        #expect(recorder.levels["GPIO17"] == nil, "neither polarity is driven: \(recorder.levels)")
        #expect(!outcome.relayReleased)
        #expect(outcome.released.isEmpty)
        guard case .releaseConflict(let conflicts) = outcome.failure else {
            Issue.record("a conflict is a failure, not \(String(describing: outcome.failure))")
            return
        }
        #expect(conflicts.count == 1)
        #expect(conflicts.first?.contains("relay.line GPIO17 NOT driven: active_low = true in \(release.configPath) but false in the kept copy") == true, "\(conflicts)")
        #expect(outcome.failure?.description.contains("not released") == true)
    }

    @Test func aLineOnlyTheCopyNamesIsSkippedAndSaidSo() throws {
        let (release, directory) = try Self.release(
            file: "[gpio]\nbackend = \"sim\"\n[relay]\nline = \"GPIO17\"\n",
            kept: Self.copy(relayActiveLow: false, led: "GPIO5"))
        _ = directory
        let recorder = Recorder()
        let outcome = release.run { _ in recorder }
        #expect(recorder.levels["GPIO5"] == nil)
        #expect(recorder.levels["GPIO17"] == [false, false])
        #expect(outcome.failure == nil)
        #expect(outcome.relayReleased)
        #expect(outcome.released == ["relay.line GPIO17 released (from kept copy \(release.keptPath ?? "") and \(release.configPath))"])
        #expect(outcome.problems.contains { $0.hasPrefix("feedback.led GPIO5 of the kept copy") && $0.contains("NOT driven: \(release.configPath) no longer names it") }, "\(outcome.problems)")
    }

    /// An active-low relay, copy and file agreeing, and one only in the file: every level a
    /// line ever gets is its off level.
    @Test(arguments: [true, false])
    func noLineEverPassesThroughItsOnLevel(activeLow: Bool) throws {
        let (release, directory) = try Self.release(
            file: "[gpio]\nbackend = \"sim\"\n[relay]\nline = \"GPIO17\"\nactive_low = \(activeLow)\n[feedback]\nbuzzer = { line = \"GPIO6\", active_low = true }\n",
            kept: Self.copy(relayActiveLow: activeLow))
        _ = directory
        let recorder = Recorder()
        let outcome = release.run { _ in recorder }
        #expect(outcome.failure == nil)
        #expect(recorder.levels["GPIO17"] == [activeLow, activeLow], "off is high for an active-low relay")
        #expect(recorder.levels["GPIO6"] == [true, true])
    }

    /// Without a readable file the copy is all there is: its lines are driven.
    @Test func anUnparsableFileFallsBackToTheCopy() throws {
        let (release, directory) = try Self.release(file: "[relay\nline = ", kept: Self.copy(relayActiveLow: true))
        _ = directory
        let recorder = Recorder()
        let outcome = release.run { _ in recorder }
        #expect(outcome.failure == nil)
        #expect(recorder.levels["GPIO17"] == [true, true])
    }

    /// The kept copy is never written through a symlink planted at its name or at the old
    /// fixed temporary name `door-lines.toml.new`; the links' target stays as it was.
    @Test func theKeptCopyIsNeverWrittenThroughAPlantedSymlink() throws {
        let directory = try TemporaryDirectory()
        let target = try directory.write("target", "precious\n")
        let release = OutputRelease(configPath: directory.path + "/door.toml", boards: nil, stateDirectory: directory.path)
        let keptPath = try #require(release.keptPath)
        let lines = ReleaseLines(gpio: GPIOConfig(), relay: LineConfig(line: "GPIO17"))
        #expect(symlink(target, keptPath + ".new") == 0)
        try release.keep(lines)
        #expect(try ReleaseLines.load(path: keptPath) == lines)
        #expect(unlink(keptPath) == 0)
        #expect(symlink(target, keptPath) == 0)
        #expect(throws: DoorError.self) { try release.keep(lines) }
        do { try release.keep(lines) } catch {
            #expect(error.description.contains("\(keptPath) is a symbolic link or not a regular file"), "\(error)")
        }
        var status = stat()
        #expect(lstat(keptPath, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "precious\n")
    }
}

import Basics
import DoorControl
import Foundation
import GPIO
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// The door's lines on the simulated backend: outputs released in their files, inputs waited
/// for through their descriptors (never sampled on an interval).
struct SimulatedDoorLinesTests {
    @Test func inputsWakeTheLoopThroughDescriptorsAndAreNeverSampled() throws {
        let scratch = try TemporaryDirectory()
        let gpio = scratch.path + "/gpio"
        let config = try DoorConfig.parse(text: """
            [reader]
            device = "/dev/serial0"
            [gpio]
            backend = "sim"
            sim_directory = "\(gpio)"
            [relay]
            line = "GPIO17"
            [inputs]
            exit_button = { line = "GPIO22" }
            door_contact = { line = "GPIO23", active_low = true }
            debounce_ms = 0
            """, fileName: "door.toml")
        let lines = try DoorLines(config, clock: SystemGPIOClock())
        #expect(try String(contentsOfFile: gpio + "/GPIO17", encoding: .utf8) == "0\n")
        #expect(try String(contentsOfFile: gpio + "/GPIO23", encoding: .utf8) == "1\n", "an active-low contact rests high (closed)")
        let monitor = try lines.inputMonitor(debounce: .zero, now: .monotonicNow())
        #expect(monitor.descriptors.count == 2)
        #expect(monitor.nextSample == nil, "nothing to sample while nothing changes")
        #expect(monitor.initialEvents.isEmpty)

        try lines.relay.set(true)
        #expect(try monitor.edgesArrived(at: .monotonicNow()) == [], "the relay's own write is no input's edge")
        try Data("1\n".utf8).write(to: URL(fileURLWithPath: gpio + "/GPIO22"))
        var entries = monitor.descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        #expect(poll(&entries, nfds_t(entries.count), 5_000) >= 1, "each input watches the directory")
        #expect(try monitor.edgesArrived(at: .monotonicNow()) == [.exitRequested])
        lines.releaseOutputs()
        #expect(try String(contentsOfFile: gpio + "/GPIO17", encoding: .utf8) == "0\n")
    }
}

import Foundation
import Testing

/// Mistakes on the command line get a message that says what is wrong, with its exit code.
@Suite("pn532ctl usage messages")
struct UsageMessageTests {
    @Test(arguments: [
        (["scan", "--wait", "-1"], 64, "pn532ctl: --wait -1: negative values are not accepted"),
        (["gpio", "pulse", "GPIO17", "-5"], 64, "pn532ctl: -5: negative values are not accepted"),
        (["help", "nosuch"], 64, "pn532ctl: help nosuch: no command 'nosuch'; commands: ndef, info"),
        (["help", "door", "nosuch"], 64, "pn532ctl: help door nosuch: no command 'nosuch'; commands: run, release, hooks, uplink, control, log, check-config"),
        (["info", "--device", "/dev/null"], 69, "pn532ctl: /dev/null is not a serial port"),
    ])
    func saysWhatIsWrong(_ arguments: [String], _ status: Int32, _ message: String) throws {
        let result = try pn532ctl(arguments)
        #expect(result.status == status)
        #expect(result.standardError.hasPrefix(message), "\(result.standardError)")
        #expect(!result.standardError.contains("Missing value"))
        #expect(!result.standardError.contains("TIOCEXCL"))
    }

    @Test func helpOnACommandStillWorks() throws {
        let result = try pn532ctl(["help", "door", "run"])
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("OVERVIEW: Run the door access controller."))
    }
}

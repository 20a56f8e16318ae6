import ArgumentParser
import NFCReader

#if canImport(Glibc)
import Glibc
#endif

/// The options every command that talks to a reader has.
struct DeviceOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "The reader: sim, sim:TAG[,TAG…], /dev/PATH, uart:/dev/PATH[:BAUD], i2c:/dev/i2c-N[:0xADDR] or sim-i2c[:TAG,…] (default: $PN532_DEVICE, else sim).",
        valueName: "DEVICE"))
    var device: String?

    @Option(name: .customLong("irq-pin"), help: ArgumentHelp(
        "With an i2c: device, the GPIO line wired to the PN532's IRQ pin (character device), e.g. GPIO4.",
        valueName: "LINE"))
    var irqPin: String?

    @Flag(help: "Print every frame sent and received, with a timestamp and the command name, on standard error.")
    var trace = false

    /// The device string: the option, else `PN532_DEVICE`, else `sim`.
    var deviceString: String {
        if let device { return device }
        if let environment = getenv("PN532_DEVICE"), environment.pointee != 0 { return String(cString: environment) }
        return "sim"
    }

    /// The parsed device.
    func spec() throws(CLIError) -> DeviceSpec {
        do throws(DeviceSpecError) { return try DeviceSpec.parse(deviceString) } catch { throw .device(error) }
    }
}

import ArgumentParser
import PN532Reader
import PN532Simulator
import PN532ReaderSimulator

#if canImport(Glibc)
import Glibc
#endif

/// The options every command that talks to a reader has.
struct DeviceOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "The reader: sim, sim:TAG[,TAG…], /dev/PATH, uart:PATH[:BAUD], i2c:/dev/i2c-N[:0xADDR] or sim-i2c[:TAG,…] (default: $PN532_DEVICE, else sim).",
        valueName: "DEVICE"), completion: DeviceCompletion.kind)
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

    /// The parsed device, named as given (`--device` or `PN532_DEVICE`) in its errors; a
    /// simulated tag's `image=` file is read once here, so that a missing one is 66.
    func spec() throws(CLIError) -> DeviceSpec {
        let spec: DeviceSpec
        do throws(DeviceSpecError) { spec = try DeviceSpec.parse(deviceString) } catch {
            throw device == nil ? .usage("PN532_DEVICE=\(error)") : .device(error)
        }
        let context = device == nil ? "PN532_DEVICE=\(deviceString)" : "--device \(deviceString)"
        try Self.checkImages(spec.simulatedTags, context: context)
        return spec
    }

    private static func checkImages(_ tags: [TagSpec], context: String) throws(CLIError) {
        for tag in tags {
            do throws(TagImageError) { _ = try tag.makeTag() } catch { throw CLIError(tagImage: error, context: context) }
        }
    }
}

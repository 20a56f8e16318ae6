import ArgumentParser
import PN532Reader
import PN532Simulator
import PN532ReaderSimulator

/// The options every command that talks to a reader has.
struct DeviceOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "The reader: sim, sim:TAG[,TAG…], /dev/PATH, uart:PATH[:BAUD], i2c:/dev/i2c-N[:0xADDR], spi:/dev/spidevB.C[:HZ], sim-i2c[:TAG,…] or sim-spi[:TAG,…] (default: $PN532_DEVICE, else the line in /etc/pn532ctl/device, else sim).",
        valueName: "DEVICE"), completion: DeviceCompletion.kind)
    var device: String?

    @Option(name: .customLong("irq-pin"), help: ArgumentHelp(
        "With an i2c: or spi: device, the GPIO line wired to the PN532's IRQ pin (character device), e.g. GPIO4.",
        valueName: "LINE"))
    var irqPin: String?

    @Flag(help: "Print every frame sent and received, with a timestamp and the command name, on standard error.")
    var trace = false

    /// The line standard error gets when nothing names a reader and the simulator is used.
    static let fallbackNotice =
        "pn532ctl: no reader configured (--device, PN532_DEVICE or \(DeviceSettingFile.defaultPath)): using the built-in simulator\n"

    /// The device the command uses: `--device`, else the configured one (`ConfiguredDevice`:
    /// `PN532_DEVICE`, else the system's setting file), else the simulator, `sim`, with a line
    /// on standard error that says so (none under `--json`: the object's `device` says `sim`).
    func resolve() throws(CLIError) -> DeviceChoice {
        if let device { return DeviceChoice(text: device, source: .option) }
        let configured: ConfiguredDevice?
        do throws(ConfiguredDeviceError) { configured = try ConfiguredDevice.find() } catch { throw .usage("\(error)") }
        if let configured {
            switch configured.source {
            case .environment: return DeviceChoice(text: configured.text, source: .environment)
            case .settingFile(let path): return DeviceChoice(text: configured.text, source: .settingFile(path))
            }
        }
        if !ErrorReport.commandLineWantsJSON { StandardError.write(Self.fallbackNotice) }
        return DeviceChoice(text: "sim", source: .fallback)
    }

    /// The parsed device, named as it was given (`--device`, `PN532_DEVICE`, the setting
    /// file) in its errors; a simulated tag's `image=` file is read once here, so that a
    /// missing one is 66. JSON reports name it from here on (`ErrorReport.device`).
    func spec() throws(CLIError) -> DeviceSpec {
        let choice = try resolve()
        let spec: DeviceSpec
        do throws(DeviceSpecError) { spec = try DeviceSpec.parse(choice.text) } catch {
            throw choice.source == .option ? .device(error) : .usage("\(choice.source.context(choice.text, prefix: false))\(error)")
        }
        try Self.checkImages(spec.simulatedTags, context: choice.source.context(choice.text, prefix: true))
        ErrorReport.device = spec.description
        return spec
    }

    private static func checkImages(_ tags: [TagSpec], context: String) throws(CLIError) {
        for tag in tags {
            do throws(TagImageError) { _ = try tag.makeTag() } catch { throw CLIError(tagImage: error, context: context) }
        }
    }
}

/// A device string and where it came from.
struct DeviceChoice: Equatable {
    /// Where a device string was found.
    enum Source: Equatable {
        /// `--device`.
        case option
        /// `PN532_DEVICE`.
        case environment
        /// The system's setting file at this path.
        case settingFile(String)
        /// Nothing named a reader: the simulator.
        case fallback

        /// How messages name the string: `--device X`, `PN532_DEVICE=X`, `/etc/pn532ctl/device: X`;
        /// without `prefix` only the part before the string's own error (which starts with it).
        func context(_ text: String, prefix: Bool) -> String {
            switch self {
            case .option: prefix ? "--device \(text)" : "--device "
            case .environment: prefix ? "PN532_DEVICE=\(text)" : "PN532_DEVICE="
            case .settingFile(let path): prefix ? "\(path): \(text)" : "\(path): "
            case .fallback: prefix ? text : ""
            }
        }
    }

    /// The device string.
    var text: String
    /// Where it came from.
    var source: Source
}

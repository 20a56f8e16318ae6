import PN532
import PN532Reader

/// The simulator's device strings: `sim`, `sim:TAG[,TAG…]` (the in-process simulator) and
/// `sim-i2c[:TAG,…]` and `sim-spi[:TAG,…]` (the simulator behind a simulated I2C or SPI bus). A program that offers them
/// calls `SimulatorKind.register()` once, at start.
public struct SimulatorKind: DeviceKind {
    /// The kind.
    public init() {}

    /// Adds the simulator's strings to `DeviceSpec.parse(_:)`; again does nothing.
    public static func register() {
        DeviceSpec.register(SimulatorKind())
    }

    public var forms: String { "sim, sim:TAG[,TAG…], sim-i2c[:TAG,…], sim-spi[:TAG,…]" }

    public func parse(_ text: String) throws(DeviceSpecError) -> (any PluggedDevice)? {
        for (name, link) in [("sim", LinkKind.uart), ("sim-i2c", .i2c), ("sim-spi", .spi)] {
            if text.unicodeScalars.elementsEqual(name.unicodeScalars) { return SimulatorDevice(link: link, tags: []) }
            if let list = DeviceSpec.remainder(of: text, after: name + ":") {
                return SimulatorDevice(link: link, tags: try Self.tags(list, in: text))
            }
        }
        return nil
    }

    /// Parses the tag list of a simulator device string.
    private static func tags(_ list: Substring, in text: String) throws(DeviceSpecError) -> [TagSpec] {
        var tags: [TagSpec] = []
        for item in DeviceSpec.split(list, at: ",") {
            do throws(TagSpecError) {
                tags.append(try TagSpec.parse(String(item)))
            } catch {
                throw DeviceSpecError(device: text, .kind(error))
            }
        }
        return tags
    }
}

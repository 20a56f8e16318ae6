import ArgumentParser
import PN532ReaderSimulator

/// What the shells offer after `--device`: the device kinds of the `--device` grammar and the
/// serial and I²C device nodes this machine has (listed, never opened).
enum DeviceCompletion {
    /// The completion of `--device`, for ArgumentParser's completion scripts.
    static let kind = CompletionKind.custom { _, _, _ in candidates(devices: nodes()) }

    /// The device nodes that may hold a PN532, as in `/dev`: serial ports, I²C buses and spidev nodes.
    static let nodePrefixes = ["serial", "ttyUSB", "ttyACM", "ttyAMA", "ttyS0", "i2c-", "spidev"]

    /// The kinds (`sim`, `sim:` and each simulated tag, `sim-i2c`, `sim-spi`, `uart:`, `i2c:`,
    /// `spi:`) and then, for each node in `devices`, the node itself and its `uart:`, `i2c:` or
    /// `spi:` form.
    static func candidates(devices: [String]) -> [String] {
        var words = ["sim", "sim-i2c", "sim-spi", "uart:", "i2c:", "spi:"] + TagSpec.productNames.map { "sim:" + $0 }
        for device in devices {
            words.append(device)
            let form = device.hasPrefix("/dev/i2c-") ? "i2c:" : device.hasPrefix("/dev/spidev") ? "spi:" : "uart:"
            words.append(form + device)
        }
        return words
    }

    /// The matching entries of `/dev` (and of `/dev/serial`, where udev keeps stable names),
    /// sorted.
    static func nodes(in directory: String = "/dev") -> [String] {
        var found = DirectoryListing.names(in: directory).filter { name in nodePrefixes.contains { name.hasPrefix($0) } && name != "serial" }
            .map { "\(directory)/\($0)" }
        found += DirectoryListing.names(in: "\(directory)/serial/by-id").map { "\(directory)/serial/by-id/\($0)" }
        return found.sorted()
    }
}

import PN532
import PN532Simulator

/// Where the PN532 is, as given by `--device` or `PN532_DEVICE`:
/// `sim`, `sim:ntag213,ultralight`, `/dev/ttyS0`, `uart:/dev/serial0[:921600]`.
enum DeviceSpec: Equatable, CustomStringConvertible {
    /// The in-process simulator with these tags in its field.
    case simulator([TagSpec])
    /// A PN532 on a serial port, to be run at `rate`.
    case uart(path: String, rate: BaudRate)

    /// The forms accepted, for messages.
    static let forms = "sim, sim:TAG[,TAG…], /dev/PATH, uart:/dev/PATH[:BAUD]"

    /// Parses a device string.
    static func parse(_ text: String) throws(CLIError) -> DeviceSpec {
        if text == "sim" { return .simulator([]) }
        if text.hasPrefix("sim:") {
            var tags: [TagSpec] = []
            for item in text.dropFirst(4).split(separator: ",", omittingEmptySubsequences: false) {
                do throws(TagSpecError) {
                    tags.append(try TagSpec.parse(String(item)))
                } catch {
                    throw .usage("--device \(text): \(error)")
                }
            }
            return .simulator(tags)
        }
        if text.hasPrefix("/") { return .uart(path: text, rate: .bps115200) }
        if text.hasPrefix("uart:") {
            let parts = text.dropFirst(5).split(separator: ":", omittingEmptySubsequences: false)
            guard let path = parts.first, path.hasPrefix("/"), parts.count <= 2 else {
                throw .usage("--device \(text): expected uart:/dev/PATH[:BAUD]")
            }
            guard parts.count == 2 else { return .uart(path: String(path), rate: .bps115200) }
            let rates = BaudRate.allCases.map { String($0.bitsPerSecond) }.joined(separator: ", ")
            guard let bps = Int(parts[1]), let rate = BaudRate(bitsPerSecond: bps) else {
                throw .usage("--device \(text): '\(parts[1])' is not a PN532 rate (\(rates))")
            }
            return .uart(path: String(path), rate: rate)
        }
        throw .usage("--device \(text): not a device; use \(forms)")
    }

    var description: String {
        switch self {
        case .simulator(let tags): tags.isEmpty ? "sim" : "sim:" + tags.map(\.description).joined(separator: ",")
        case .uart(let path, let rate): "uart:\(path):\(rate.bitsPerSecond)"
        }
    }
}

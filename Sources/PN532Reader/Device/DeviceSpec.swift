import Basics
import NFCCore
import PN532

/// Where the PN532 is, as given by `--device` or `PN532_DEVICE`: `/dev/ttyS0`,
/// `uart:/dev/serial0[:921600]` (a relative path after `uart:`, `uart:ttyUSB0`, is opened
/// from the working directory), `i2c:/dev/i2c-1[:0x24]`, `spi:/dev/spidev0.0[:HZ]`, or a string of a registered kind
/// (`DeviceKind`: the simulator's `sim`, `sim:ntag213,ultralight`, `sim-i2c[:TAG,…]`).
public enum DeviceSpec: Equatable, Sendable, CustomStringConvertible {
    /// A PN532 on a serial port, to be run at `rate`.
    case uart(path: String, rate: BaudRate)
    /// A PN532 at a 7-bit `address` on an i2c-dev bus.
    case i2c(path: String, address: UInt8)
    /// A PN532 on an spidev node, clocked at `speed` Hz.
    case spi(path: String, speed: Int)
    /// A reader of a registered kind.
    case plugged(any PluggedDevice)

    /// The built-in forms, for messages.
    private static let builtInForms = "/dev/PATH, uart:PATH[:BAUD], i2c:/dev/i2c-N[:0xADDR], spi:/dev/spidevB.C[:HZ]"

    /// The forms accepted (the registered kinds' first), for messages.
    public static var forms: String {
        (registeredKinds.map(\.forms) + [builtInForms]).joined(separator: ", ")
    }

    /// The PN532's I2C address.
    public static let defaultI2CAddress: UInt8 = 0x24

    /// Parses a device string.
    ///
    /// The string is read by Unicode scalars, not characters: a `:` or `,` next to a
    /// combining mark or after a prepended character (U+0600) is still a separator.
    ///
    /// - Throws: `DeviceSpecError` naming the string and what is wrong with it.
    public static func parse(_ text: String) throws(DeviceSpecError) -> DeviceSpec {
        for kind in registeredKinds {
            if let device = try kind.parse(text) { return .plugged(device) }
        }
        if let rest = remainder(of: text, after: "i2c:") { return try i2c(rest, in: text) }
        if let rest = remainder(of: text, after: "spi:") { return try spi(rest, in: text) }
        if text.unicodeScalars.first == "/" { return .uart(path: text, rate: .bps115200) }
        if let rest = remainder(of: text, after: "uart:") {
            let parts = split(rest, at: ":")
            guard let path = parts.first, !path.isEmpty, parts.count <= 2 else {
                throw DeviceSpecError(device: text, .malformed(expected: "uart:PATH[:BAUD], e.g. uart:/dev/serial0:115200 or uart:ttyUSB0 (relative to the working directory)"))
            }
            guard parts.count == 2 else { return .uart(path: String(path), rate: .bps115200) }
            guard let bps = ASCIINumber.parse(parts[1], as: Int.self), let rate = BaudRate(bitsPerSecond: bps) else {
                throw DeviceSpecError(device: text, .notARate(String(parts[1])))
            }
            return .uart(path: String(path), rate: rate)
        }
        throw DeviceSpecError(device: text, .notADevice)
    }

    /// What follows `prefix` in `text`, nil when `text` does not start with it. Read by
    /// Unicode scalars, as `parse(_:)` reads: for the parsers of registered kinds too.
    package static func remainder(of text: String, after prefix: String) -> Substring? {
        guard text.unicodeScalars.starts(with: prefix.unicodeScalars) else { return nil }
        return Substring(text.unicodeScalars.dropFirst(prefix.unicodeScalars.count))
    }

    /// `text` split at every `separator` scalar, empty parts kept.
    package static func split(_ text: Substring, at separator: Unicode.Scalar) -> [Substring] {
        text.unicodeScalars.split(separator: separator, omittingEmptySubsequences: false).map { Substring($0) }
    }

    /// Parses `/dev/i2c-N[:ADDRESS]` after `i2c:`, the address in hex (`0x24`) or decimal, 0x03–0x77.
    private static func i2c(_ rest: Substring, in text: String) throws(DeviceSpecError) -> DeviceSpec {
        let parts = split(rest, at: ":")
        guard let path = parts.first, path.unicodeScalars.first == "/", path.unicodeScalars.count > 1, parts.count <= 2 else {
            throw DeviceSpecError(device: text, .malformed(expected: "i2c:/dev/i2c-N[:0xADDR], e.g. i2c:/dev/i2c-1:0x24"))
        }
        guard parts.count == 2 else { return .i2c(path: String(path), address: defaultI2CAddress) }
        let field = parts[1]
        let hexDigits = remainder(of: String(field), after: "0x") ?? remainder(of: String(field), after: "0X")
        let value = hexDigits.map { ASCIINumber.parse($0, radix: 16, as: Int.self) } ?? ASCIINumber.parse(field, as: Int.self)
        guard let value, (0x03...0x77).contains(value) else {
            throw DeviceSpecError(device: text, .notAnI2CAddress(String(field)))
        }
        return .i2c(path: String(path), address: UInt8(value))
    }

    /// Parses `/dev/spidevB.C[:HZ]` after `spi:`, the rate in decimal Hz within `SPILink.speeds`.
    private static func spi(_ rest: Substring, in text: String) throws(DeviceSpecError) -> DeviceSpec {
        let parts = split(rest, at: ":")
        guard let path = parts.first, path.unicodeScalars.first == "/", path.unicodeScalars.count > 1, parts.count <= 2 else {
            throw DeviceSpecError(device: text, .malformed(expected: "spi:/dev/spidevB.C[:HZ], e.g. spi:/dev/spidev0.0 or spi:/dev/spidev0.0:500000"))
        }
        guard parts.count == 2 else { return .spi(path: String(path), speed: SPILink.defaultSpeed) }
        guard let speed = ASCIINumber.parse(parts[1], as: Int.self), SPILink.speeds.contains(speed) else {
            throw DeviceSpecError(device: text, .notAnSPISpeed(String(parts[1])))
        }
        return .spi(path: String(path), speed: speed)
    }

    /// The device string that parses to this device (`uart:PATH:BAUD` for a UART).
    public var description: String {
        switch self {
        case .uart(let path, let rate): "uart:\(path):\(rate.bitsPerSecond)"
        case .i2c(let path, let address): I2CLink.name(bus: path, address: address)
        case .spi(let path, let speed): SPILink.name(path: path, speed: speed)
        case .plugged(let device): device.description
        }
    }

    public static func == (left: DeviceSpec, right: DeviceSpec) -> Bool {
        switch (left, right) {
        case let (.uart(leftPath, leftRate), .uart(rightPath, rightRate)): leftPath == rightPath && leftRate == rightRate
        case let (.i2c(leftPath, leftAddress), .i2c(rightPath, rightAddress)): leftPath == rightPath && leftAddress == rightAddress
        case let (.spi(leftPath, leftSpeed), .spi(rightPath, rightSpeed)): leftPath == rightPath && leftSpeed == rightSpeed
        case let (.plugged(leftDevice), .plugged(rightDevice)): leftDevice.isEqual(to: rightDevice)
        default: false
        }
    }
}

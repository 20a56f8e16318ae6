import PN532

/// Why a device string (`--device`, `PN532_DEVICE`, `[reader] device`) is not a device.
public struct DeviceSpecError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong with the string.
    public enum Reason: Equatable, Sendable {
        /// It has a known prefix but not the form that goes with it.
        case malformed(expected: String)
        /// A UART rate the PN532 does not have.
        case notARate(String)
        /// An I2C address that is not a 7-bit device address (0x03–0x77).
        case notAnI2CAddress(String)
        /// An SPI clock rate that is not a number of Hz the PN532 takes.
        case notAnSPISpeed(String)
        /// What a registered kind found wrong with its part of the string (the simulator:
        /// a tag that is not a tag, its `TagSpecError`).
        case kind(any Error & Sendable)
        /// None of the forms.
        case notADevice
    }

    /// The device string as given.
    public var device: String
    /// What is wrong with it.
    public var reason: Reason

    /// An error about `device`.
    public init(device: String, _ reason: Reason) {
        self.device = device
        self.reason = reason
    }

    /// `DEVICE: what is wrong; what to write instead`, e.g.
    /// `serial0: not a device; use sim, sim:TAG[,TAG…], /dev/PATH, …`.
    public var description: String {
        switch reason {
        case .malformed(let expected):
            return "\(device): expected \(expected)"
        case .notARate(let field):
            let rates = BaudRate.allCases.map { String($0.bitsPerSecond) }.joined(separator: ", ")
            return "\(device): '\(field)' is not a PN532 rate (\(rates))"
        case .notAnI2CAddress(let field):
            return "\(device): '\(field)' is not a 7-bit I2C device address (0x03–0x77; the PN532's is 0x24)"
        case .notAnSPISpeed(let field):
            return "\(device): '\(field)' is not an SPI clock rate in Hz from \(SPILink.speeds.lowerBound) to \(SPILink.speeds.upperBound) "
                + "(the PN532 takes up to 5 MHz; 1000000 is the default, 100000 helps on long wires)"
        case .kind(let error):
            return "\(device): \(error)"
        case .notADevice:
            return "\(device): not a device; use \(DeviceSpec.forms)"
        }
    }
}

extension DeviceSpecError.Reason {
    public static func == (left: Self, right: Self) -> Bool {
        switch (left, right) {
        case let (.malformed(leftForm), .malformed(rightForm)): leftForm == rightForm
        case let (.notARate(leftField), .notARate(rightField)): leftField == rightField
        case let (.notAnI2CAddress(leftField), .notAnI2CAddress(rightField)): leftField == rightField
        case let (.notAnSPISpeed(leftField), .notAnSPISpeed(rightField)): leftField == rightField
        case let (.kind(leftError), .kind(rightError)): type(of: leftError) == type(of: rightError) && "\(leftError)" == "\(rightError)"
        case (.notADevice, .notADevice): true
        default: false
        }
    }
}

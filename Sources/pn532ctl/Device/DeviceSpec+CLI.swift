import PN532Reader

/// The device grammar of `PN532Reader`, under the name every command's file uses without an import.
typealias DeviceSpec = PN532Reader.DeviceSpec

extension CLIError {
    /// A device string given on the command line or in `PN532_DEVICE` that is not a device (exit 64).
    static func device(_ error: DeviceSpecError) -> CLIError {
        .usage("--device \(error)")
    }
}

import NFCReader

/// The device grammar of `NFCReader`, under the name every command's file uses without an import.
typealias DeviceSpec = NFCReader.DeviceSpec
/// The simulator's default field (`pn532ctl sim` starts with it too), under the name the
/// command files use without an import.
typealias SimulatorTags = NFCReader.SimulatorTags

extension CLIError {
    /// A device string given on the command line or in `PN532_DEVICE` that is not a device (exit 64).
    static func device(_ error: DeviceSpecError) -> CLIError {
        .usage("--device \(error)")
    }
}

/// The one part of the executable's `CLIError` that DeviceSpec.swift uses: that file is linked
/// here, and the executable's error type would bring the argument parser with it.
struct CLIError: Error {
    /// What went wrong.
    var message: String

    /// Bad command-line usage.
    static func usage(_ message: String) -> CLIError {
        CLIError(message: message)
    }
}

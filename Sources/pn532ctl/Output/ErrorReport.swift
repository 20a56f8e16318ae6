import JSONText

/// How a failed command reports its error: `pn532ctl: MESSAGE` on standard error, or with
/// `--json` one JSON object on standard output,
/// `{"error": {"kind": KIND, "message": MESSAGE, "exitCode": N}, "device": DEVICE}`, and
/// nothing on standard error. The exit code is the same either way.
enum ErrorReport {
    /// The device the command resolved (`DeviceOptions.spec()`), for the error object; nil
    /// before one was, or for a command without a reader. The program is one thread.
    nonisolated(unsafe) static var device: String?

    /// True when the command line asks for JSON: a `--json` before any `--`.
    static func wantsJSON(_ arguments: [String]) -> Bool {
        arguments.prefix { $0 != "--" }.contains("--json")
    }

    /// True when this process's command line asks for JSON.
    static var commandLineWantsJSON: Bool {
        wantsJSON(Array(CommandLine.arguments.dropFirst()))
    }

    /// The error object `--json` prints; `kind` defaults to the exit code's.
    static func json(_ message: String, exitCode: Int32, kind: ErrorKind? = nil) -> JSON {
        .object([
            ("error", .object([
                ("kind", .string((kind ?? ErrorKind(exitCode: exitCode)).rawValue)),
                ("message", .string(message)),
                ("exitCode", .int(Int(exitCode))),
            ])),
            ("device", device.map(JSON.string) ?? .null),
        ])
    }
}

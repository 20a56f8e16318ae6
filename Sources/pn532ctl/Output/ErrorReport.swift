import JSONText

/// How a failed command reports its error: `pn532ctl: MESSAGE` on standard error, or with
/// `--json` one JSON object on standard output, `{"error":"MESSAGE","exitCode":N}`, and
/// nothing on standard error. The exit code is the same either way.
enum ErrorReport {
    /// True when the command line asks for JSON: a `--json` before any `--`.
    static func wantsJSON(_ arguments: [String]) -> Bool {
        arguments.prefix { $0 != "--" }.contains("--json")
    }

    /// The error object `--json` prints.
    static func json(_ message: String, exitCode: Int32) -> JSON {
        .object([("error", .string(message)), ("exitCode", .int(Int(exitCode)))])
    }
}

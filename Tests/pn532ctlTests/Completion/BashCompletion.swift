import Foundation

/// Runs the bash completion script the binary writes, as bash does on TAB: the script is
/// sourced, COMP_WORDS and COMP_CWORD are set for the command line, and the completion
/// function's COMPREPLY is the answer.
enum BashCompletion {
    /// The candidates bash offers for the last of `words` (the word being typed; "" for a
    /// new word) after `pn532ctl`, run in `directory`, with `script` (default: the one the
    /// binary writes now).
    static func candidates(_ words: [String], in directory: URL? = nil, script installed: String? = nil) throws -> [String] {
        let scratch = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        var script = scratch.appendingPathComponent("pn532ctl.bash")
        if let installed {
            script = URL(fileURLWithPath: installed)
        } else {
            let generated = try pn532ctl(["--generate-completion-script", "bash"])
            guard generated.status == 0 else { throw Failure(message: "--generate-completion-script bash: \(generated.standardError)") }
            try generated.standardOutput.write(to: script)
        }
        let line = ([binaryURL.path] + words).joined(separator: " ")
        let driver = """
            shopt -s extglob
            source "$1"
            shift
            cd "$1"
            shift
            COMP_WORDS=("$@")
            COMP_CWORD=$(( $# - 1 ))
            COMP_LINE="$LINE"
            COMP_POINT=${#COMP_LINE}
            COMPREPLY=()
            _pn532ctl "$1" "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let result = try runProgram(
            "bash", ["-c", driver, "bash", script.path, (directory ?? scratch).path, binaryURL.path] + words,
            environment: ["LINE": line])
        guard result.status == 0 else { throw Failure(message: "bash: \(result.error)") }
        return result.output.split(separator: "\n").map(String.init)
    }

    struct Failure: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }
}

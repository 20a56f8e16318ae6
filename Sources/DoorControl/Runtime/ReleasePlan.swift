/// Which outputs a release drives, and with which polarity, from the copy of the lines
/// `door run` keeps and the lines of the configuration file. A readable file decides: its
/// lines are driven with its polarity; a line the copy names with the other polarity is a
/// conflict and is driven by neither (either level might be the energised one); a line only
/// the copy names is skipped and said so. Without a readable file the copy's lines are
/// driven. Every line is driven once, to one off level: never through its on level.
package struct ReleasePlan {
    /// A source of lines: its name in messages and its lines.
    package typealias Source = (name: String, lines: ReleaseLines)

    /// One output to drive released.
    package struct Drive: Equatable {
        /// Its key in the file (`relay.line`).
        package var key: String
        /// The line and its polarity.
        package var line: LineConfig
        /// How it is reached.
        package var gpio: GPIOConfig
        /// Where the line came from, for the messages.
        package var source: String
    }

    /// The outputs to drive, relay first.
    package private(set) var drives: [Drive] = []
    /// The copy's lines the file no longer names, not driven (one message each).
    package private(set) var skipped: [String] = []
    /// Lines whose polarity differs between the copy and the file, not driven (one message each).
    package private(set) var conflicts: [String] = []

    /// The plan for the copy `kept` (nil when there is none or it cannot be read) and the
    /// file's lines `file` (nil when it cannot be read).
    package init(kept: Source?, file: Source?) {
        guard let file else {
            if let kept { drives = Self.outputs(kept.lines).map { Drive(key: $0.key, line: $0.line, gpio: kept.lines.gpio, source: kept.name) } }
            return
        }
        let keptOutputs = kept.map { Self.outputs($0.lines) } ?? []
        let fileOutputs = Self.outputs(file.lines)
        for (key, line) in fileOutputs {
            let named = keptOutputs.filter { $0.line.line == line.line }
            if let other = named.first(where: { $0.line.activeLow != line.activeLow }), let kept {
                conflicts.append(
                    "\(key) \(line.line) NOT driven: active_low = \(line.activeLow) in \(file.name) but \(other.line.activeLow) in the \(kept.name) "
                        + "(\(other.key)), so either level may be the energised one: check the wiring and the file, then start the door "
                        + "(it rewrites the copy) or drive the line off by hand (pn532ctl gpio set)")
                continue
            }
            let source = named.isEmpty ? file.name : kept.map { "\($0.name) and \(file.name)" } ?? file.name
            drives.append(Drive(key: key, line: line, gpio: file.lines.gpio, source: source))
        }
        guard let kept else { return }
        for (key, line) in keptOutputs where !fileOutputs.contains(where: { $0.line.line == line.line }) {
            skipped.append(
                "\(key) \(line.line) of the \(kept.name) NOT driven: \(file.name) no longer names it; if it is still wired, "
                    + "drive it off by hand (pn532ctl gpio set)")
        }
    }

    /// The relay, LED and buzzer of `lines`, relay first.
    private static func outputs(_ lines: ReleaseLines) -> [(key: String, line: LineConfig)] {
        [("relay.line", lines.relay), ("feedback.led", lines.led), ("feedback.buzzer", lines.buzzer)].compactMap { key, line in
            line.map { (key, $0) }
        }
    }
}

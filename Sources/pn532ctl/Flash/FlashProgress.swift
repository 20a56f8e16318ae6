import JSONText
import Provisioning

#if canImport(Glibc)
import Glibc
#endif

/// What a flash run prints: on a terminal one progress line rewritten in place (`\r`: done /
/// total, tags per minute, last UID and result) with failures on lines of their own; plain
/// lines when standard output is not a terminal; with `--json` one event object per line.
final class FlashProgress: FlashRunObserver {
    /// How events are printed.
    enum Style {
        case terminal, lines, json
    }

    private let style: Style
    /// The reader's device string, for the JSON events; nil until the reader is open.
    var device: String?
    /// The counts shown.
    private var tally: FlashTally

    /// A printer for a run of `total` tags (nil: until stopped).
    init(style: Style, total: Int?) {
        self.style = style
        tally = FlashTally(total: total)
    }

    /// The style for standard output: JSON when asked, else by isatty(1).
    static func style(json: Bool) -> Style {
        json ? .json : isatty(STDOUT_FILENO) == 1 ? .terminal : .lines
    }

    /// The reader is open: tags can come. `done` are already written (from the report).
    func ready(done: Int) {
        tally.ready(done: done)
        switch style {
        case .json: emit(event("ready", [("done", .int(done)), ("total", tally.total.map(JSON.int) ?? .null)]))
        case .lines: emit("Ready: present the tags one at a time (\(counts) written).")
        case .terminal: status("\(counts) written · present a tag")
        }
    }

    /// A tag was written (or failed).
    func tag(_ result: FlashTagResult) {
        tally.count(result)
        switch style {
        case .json:
            emit(event("tag", [
                ("result", .string(result.error == nil ? FlashReport.ok : FlashReport.failed)),
                ("uid", .string(result.uid)), ("product", .string(result.product)), ("bytes", result.bytes.map(JSON.int) ?? .null),
                ("seq", .int(result.seq)), ("error", result.error.map(JSON.string) ?? .null),
                ("done", .int(tally.done)), ("total", tally.total.map(JSON.int) ?? .null),
            ]))
        case .lines:
            if let error = result.error {
                emit("failed  \(result.uid)  \(result.product)  \(error)")
            } else {
                emit("ok      \(result.uid)  \(result.product)  \(result.bytes ?? 0) bytes  \(counts)")
            }
        case .terminal:
            if let error = result.error { line("failed  \(result.uid)  \(result.product)  \(error)") }
            status("\(counts) written · \(rate) tags/min · last \(result.uid) \(result.error == nil ? "ok" : "failed")")
        }
    }

    /// A tag already written was presented: it is left as it is.
    func skipped(uid: String) {
        let text = "skipped \(uid)  already written: take it away"
        switch style {
        case .json: emit(event("skipped", [("uid", .string(uid)), ("product", .null), ("reason", .string("already written"))]))
        case .lines: emit(text)
        case .terminal: line(text)
        }
    }

    /// Two tags are in the field.
    func moreThanOneTag() {
        switch style {
        case .json: emit(event("moreThanOneTag", [("message", .string(TagSession.moreThanOneTag))]))
        case .lines: emit(TagSession.moreThanOneTag)
        case .terminal: line(TagSession.moreThanOneTag)
        }
    }

    /// The run's end.
    func summary(failed: Int, skipped: Int, interrupted: Bool) {
        let seconds = tally.elapsedSeconds()
        switch style {
        case .json:
            emit(event("summary", [
                ("written", .int(tally.written)), ("failed", .int(failed)), ("skipped", .int(skipped)),
                ("interrupted", .bool(interrupted)), ("milliseconds", .int(Int(seconds * 1000))),
            ]))
        case .lines, .terminal:
            if style == .terminal { print() }
            emit((interrupted ? "Interrupted: " : "Done: ") + "\(tally.written) written, \(failed) failed, \(skipped) skipped"
                + " in \(Self.oneDecimal(seconds)) s (\(rate) tags/min)" + (interrupted ? "; the report is complete" : ""))
        }
    }

    private var counts: String {
        tally.total.map { "\(tally.done)/\($0)" } ?? String(tally.done)
    }

    private var rate: String {
        Self.oneDecimal(tally.tagsPerMinute())
    }

    /// A JSON event: `event`, `device`, then `members`.
    private func event(_ name: String, _ members: [(String, JSON)]) -> JSON {
        .object([("event", .string(name)), ("device", device.map(JSON.string) ?? .null)] + members)
    }

    private func emit(_ json: JSON) {
        emit(json.text)
    }

    /// A line, printed at once also when standard output is a pipe.
    private func emit(_ text: String) {
        print(text)
        fflush(nil)
    }

    /// On a terminal: a line of its own above the progress line.
    private func line(_ text: String) {
        print("\r\u{1B}[K" + text)
        fflush(nil)
    }

    /// On a terminal: the progress line, rewritten in place.
    private func status(_ text: String) {
        print("\r\u{1B}[K" + text, terminator: "")
        fflush(nil)
    }

    /// `value` with one decimal, e.g. `14.6`.
    static func oneDecimal(_ value: Double) -> String {
        guard value.isFinite, value >= 0 else { return "0.0" }
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}

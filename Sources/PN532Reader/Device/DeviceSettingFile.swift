/// The system's reader setting, `/etc/pn532ctl/device`, which the installer writes: UTF-8
/// text; blank lines and lines starting with `#` are ignored; one other line, trimmed of spaces
/// and tabs (and a carriage return), is a device string in the `--device` grammar. A file of
/// comments alone (the installer's template when it found no reader) configures nothing.
public enum DeviceSettingFile {
    /// Where the setting lives unless `PN532CTL_DEVICE_FILE` names another file.
    public static let defaultPath = "/etc/pn532ctl/device"
    /// The environment variable that names another setting file (tests, packaging).
    public static let pathVariable = "PN532CTL_DEVICE_FILE"
    /// The most bytes a setting file may hold: a device string and a few comments.
    public static let byteLimit = 4096

    /// The one device line of a setting file's `bytes`, trimmed (the string is not parsed);
    /// nil when the file holds only blank lines and comments.
    ///
    /// - Throws: `DeviceSettingError` saying what is wrong (not UTF-8, more than one device
    ///   line) with the line numbers.
    public static func deviceLine(in bytes: [UInt8]) throws(DeviceSettingError) -> String? {
        guard let text = String(validating: bytes, as: UTF8.self) else { throw .notUTF8 }
        var found: (line: Int, text: String)?
        for (index, raw) in text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = trimmed(raw)
            guard !line.isEmpty, line.first != "#" else { continue }
            if let first = found { throw .moreThanOneDevice(first: first.line, second: index + 1) }
            found = (index + 1, String(String.UnicodeScalarView(line)))
        }
        return found?.text
    }

    private static func trimmed(_ line: Substring.UnicodeScalarView) -> Substring.UnicodeScalarView {
        let blank: Set<Unicode.Scalar> = [" ", "\t", "\r"]
        guard let start = line.firstIndex(where: { !blank.contains($0) }), let end = line.lastIndex(where: { !blank.contains($0) }) else {
            return Substring.UnicodeScalarView()
        }
        return line[start...end]
    }
}

/// Why a reader setting file holds no device string.
public enum DeviceSettingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The bytes are not UTF-8 text.
    case notUTF8
    /// Two device lines (from 1): which one is meant is not known.
    case moreThanOneDevice(first: Int, second: Int)

    public var description: String {
        switch self {
        case .notUTF8: "not UTF-8 text"
        case let .moreThanOneDevice(first, second): "lines \(first) and \(second) both name a device: keep one"
        }
    }
}

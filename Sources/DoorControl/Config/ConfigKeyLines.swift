import TOML

/// Where a key stands in a configuration file, for errors found after the file was loaded
/// (`door.toml:4: reader.device: …`): the line of the key's value, or of `board = …` when the
/// board profile gave it. Kept from the one parse of the file.
///
/// Two configurations that say the same thing are equal wherever their keys stand: the
/// places are not compared.
public struct ConfigKeyLines: Equatable, Sendable {
    private let document: TOMLDocument?

    /// The places in `document`; nil for a configuration made in code, whose keys stand nowhere.
    public init(_ document: TOMLDocument?) {
        self.document = document
    }

    /// `FILE:LINE: KEY` for a dotted key such as `reader.device`; `FILE: KEY` when the file
    /// neither sets it nor names a board; `KEY` for a configuration made in code.
    public func place(_ key: String) -> String {
        guard let document else { return key }
        guard let line = document.line(of: key) ?? document.line(of: "board") else { return "\(document.file): \(key)" }
        return "\(document.file):\(line): \(key)"
    }

    /// Always true: where keys stand is not part of what a configuration says.
    public static func == (lhs: ConfigKeyLines, rhs: ConfigKeyLines) -> Bool { true }
}

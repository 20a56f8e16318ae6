import DoorControl
import FileInput

/// Where a key stands in a configuration file, for errors found after the file was loaded
/// (`door.toml:4: reader.device: …`): the line of the key's value, or of `board = …` when the
/// board profile gave it.
struct ConfigKeyLines {
    private let path: String
    private let root: TOMLTable?

    /// The file at `path`; a file that cannot be read again gives places without lines.
    init(path: String) {
        self.path = path
        let bytes = try? InputFile.read(path, limit: InputLimit(bytes: 32 << 20, for: "a door configuration"))
        root = bytes.flatMap { try? TOML.parse(bytes: $0) }
    }

    /// `FILE:LINE: KEY` for a dotted key such as `reader.device`; `FILE: KEY` when the file
    /// neither sets it nor names a board.
    func place(_ key: String) -> String {
        guard let line = line(of: key) else { return "\(path): \(key)" }
        return "\(path):\(line): \(key)"
    }

    private func line(of key: String) -> Int? {
        guard let root else { return nil }
        var table = root
        let parts = key.split(separator: ".").map(String.init)
        for (index, part) in parts.enumerated() {
            guard let value = table[part] else { break }
            if index == parts.count - 1 { return value.line }
            guard case .table(let inner) = value.kind else { break }
            table = inner
        }
        return root["board"]?.line
    }
}

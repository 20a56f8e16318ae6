import Foundation

/// The modules a target's Swift files import, and the files' text.
struct SourceImports {
    /// Each imported module, with the files (relative paths) that import it.
    var modules: [String: [String]] = [:]
    /// Each file's text, by relative path.
    var files: [String: String] = [:]

    /// Reads every `.swift` file under `folder` (relative to the package's root).
    init(folder: String) throws {
        let base = PackageManifest.root.appendingPathComponent(folder)
        guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { return }
        for case let url as URL in walker where url.pathExtension == "swift" {
            let path = String(url.path.dropFirst(PackageManifest.root.path.count + 1))
            let text = try String(contentsOf: url, encoding: .utf8)
            files[path] = text
            for line in text.split(separator: "\n") {
                guard let module = Self.importedModule(line) else { continue }
                modules[module, default: []].append(path)
            }
        }
    }

    /// The module `line` imports (`import X`, `public import X`, `@preconcurrency import X`,
    /// `import struct X.Y`), nil when it is no import declaration.
    static func importedModule(_ line: Substring) -> String? {
        let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard let position = words.firstIndex(of: "import") else { return nil }
        let modifiers: Set<Substring> = ["public", "package", "internal", "private", "fileprivate"]
        guard words[..<position].allSatisfy({ modifiers.contains($0) || $0.hasPrefix("@") }) else { return nil }
        let kinds: Set<Substring> = ["struct", "class", "enum", "protocol", "func", "var", "let", "typealias"]
        var next = words.index(after: position)
        if next < words.endIndex, kinds.contains(words[next]) { next = words.index(after: next) }
        guard next < words.endIndex else { return nil }
        return words[next].split(separator: ".").first.map(String.init)
    }
}

import Foundation

/// The targets `Package.swift` declares, read from its text: each target's name, kind and the
/// targets and products it depends on. The manifest is this package's own file, so a small
/// reader of its `.target(name: …, dependencies: [ … ])` calls is enough.
struct PackageManifest {
    /// What kind of target a declaration is.
    enum Kind: String {
        case target, executableTarget, testTarget, plugin
    }

    /// One declared target.
    struct Target {
        var name: String
        var kind: Kind
        /// The names of the targets and products it depends on (a product by its product name).
        var dependencies: [String]
        /// The folder given with `path:`, if any.
        var path: String?
    }

    /// The package's root folder (found from this file: Tests/PackageLayoutTests/…).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The declared targets.
    let targets: [Target]

    /// Reads `Package.swift` at the package's root.
    init() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        targets = try Self.targets(in: text)
    }

    /// The target called `name`.
    subscript(name: String) -> Target? { targets.first { $0.name == name } }

    /// The target declarations in `text`.
    static func targets(in text: String) throws -> [Target] {
        var named: [String: String] = [:]
        for match in text.matches(of: /let (\w+) = Target\.Dependency\.product\(\s*name:\s*"([^"]+)"/) {
            named[String(match.output.1)] = String(match.output.2)
        }
        var found: [Target] = []
        var rest = Substring(text)
        while let call = rest.firstMatch(of: /\.(target|executableTarget|testTarget|plugin)\(/) {
            guard let kind = Kind(rawValue: String(call.output.1)) else { continue }
            let body = try balanced(rest[call.range.upperBound...])
            rest = rest[body.endIndex...]
            guard let name = body.firstMatch(of: /^\s*name:\s*"([^"]+)"/)?.output.1 else { continue }
            var dependencies: [String] = []
            if let list = body.firstMatch(of: /dependencies:\s*\[/) {
                let items = try balanced(body[list.range.upperBound...], open: "[", close: "]")
                var remaining = items
                while let item = remaining.firstMatch(of: /\.product\(\s*name:\s*"([^"]+)"[^)]*\)|"([^"]+)"|\b([a-z]\w*)\b/) {
                    if let name = item.output.1 ?? item.output.2 {
                        dependencies.append(String(name))
                    } else if let variable = item.output.3, let product = named[String(variable)] {
                        dependencies.append(product)
                    }
                    remaining = remaining[item.range.upperBound...]
                }
            }
            let path = body.firstMatch(of: /path:\s*"([^"]+)"/).map { String($0.output.1) }
            found.append(Target(name: String(name), kind: kind, dependencies: dependencies, path: path))
        }
        return found
    }

    /// The text up to the bracket that closes one already opened.
    private static func balanced(_ text: Substring, open: Character = "(", close: Character = ")") throws -> Substring {
        var depth = 1
        var inString = false
        for index in text.indices {
            let character = text[index]
            if character == "\"" { inString.toggle() }
            guard !inString else { continue }
            if character == open { depth += 1 }
            if character == close {
                depth -= 1
                if depth == 0 { return text[..<index] }
            }
        }
        throw ManifestError.unbalanced
    }

    /// The manifest's text could not be read as declarations.
    enum ManifestError: Error { case unbalanced }
}

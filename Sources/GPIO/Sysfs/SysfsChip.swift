import Basics

/// A chip in sysfs (`gpiochipN/` with `base`, `label`, `ngpio`); its lines are numbered from
/// `base`.
struct SysfsChip: Equatable {
    /// The directory name, `gpiochip512`.
    var name: String
    /// The driver's label.
    var label: String
    /// The sysfs number of offset 0.
    var base: Int
    /// The number of lines.
    var count: Int

    /// Whether `query` names this chip, by directory name or label.
    func matches(_ query: String) -> Bool {
        query == name || query == label
    }

    /// Reads `gpiochipN/` under `root`.
    static func read(_ name: String, root: String, files: SysfsFiles) throws(GPIOError) -> SysfsChip {
        let directory = "\(root)/\(name)"
        func number(_ attribute: String) throws(GPIOError) -> Int {
            let path = "\(directory)/\(attribute)"
            let text = try files.readTrimmed(path)
            guard let value = ASCIINumber.parse(text, as: Int.self) else {
                throw GPIOError.malformed("\(path) holds '\(text)', not a number")
            }
            return value
        }
        return SysfsChip(
            name: name, label: try files.readTrimmed("\(directory)/label"),
            base: try number("base"), count: try number("ngpio"))
    }
}

extension SysfsFiles {
    /// The file's text without surrounding whitespace, failures as `GPIOError`.
    func readTrimmed(_ path: String) throws(GPIOError) -> String {
        do {
            let text = try read(path)
            return String(text.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
        } catch {
            throw GPIOError.system(operation: "reading", path: error.path, errno: error.errno)
        }
    }
}

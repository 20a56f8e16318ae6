import ArgumentParser

/// What the shells offer among the record options of `write`, `flash` and `ndef encode`
/// (parsed in order by `RecordOptions`, so ArgumentParser does not know them as options).
enum RecordCompletion {
    /// The completion of the record words, for ArgumentParser's completion scripts.
    static let kind = CompletionKind.custom { words, index, prefix in
        candidates(after: index > 0 && index <= words.count ? words[index - 1] : nil, prefix: prefix)
    }

    /// After `--action`, its values; after `--file`, the paths that complete `prefix`; after
    /// another option that takes a value, nothing (the value is free text); else every record
    /// option.
    static func candidates(after previous: String?, prefix: String = "") -> [String] {
        switch previous {
        case "--action": ["do", "save", "edit"]
        case "--file": DirectoryListing.completions(of: prefix)
        case let option? where RecordOptions.valueOptions.contains(option): []
        default: RecordOptions.names
        }
    }
}

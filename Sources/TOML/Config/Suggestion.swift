/// "Did you mean …?" for misspelt keys and names.
package enum Suggestion {
    /// The candidate closest to `word` when it is close enough to be a likely typo.
    package static func closest(to word: String, in candidates: [String]) -> String? {
        let lowered = word.lowercased()
        let scored = candidates.map { ($0, editDistance(Array(lowered.utf8), Array($0.lowercased().utf8))) }
        guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
        let limit = max(1, min(3, best.0.count / 3))
        return best.1 <= limit ? best.0 : nil
    }

    /// `; did you mean X?` or nothing.
    package static func clause(for word: String, in candidates: [String]) -> String {
        closest(to: word, in: candidates).map { "; did you mean \($0)?" } ?? ""
    }

    /// The Levenshtein distance, with an adjacent swap counting as one edit.
    package static func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var row = [i] + [Int](repeating: 0, count: b.count)
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                row[j] = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    row[j] = min(row[j], previous2[j - 2] + 1)
                }
            }
            previous2 = previous
            previous = row
        }
        return previous[b.count]
    }
}

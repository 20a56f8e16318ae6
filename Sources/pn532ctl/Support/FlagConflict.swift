import ArgumentParser

/// Flags that cannot be given together: a usage error (64) naming both.
enum FlagConflict {
    /// Throws when both `first` and `second` are given, saying why they do not mix.
    static func refuse(_ first: (name: String, given: Bool), _ second: (name: String, given: Bool), _ why: String) throws(ValidationError) {
        guard first.given, second.given else { return }
        throw ValidationError("\(first.name) and \(second.name) cannot be used together: \(why)")
    }
}

/// The rule a user's name follows wherever it is given: the configuration's `users[].name`,
/// `token issue --user`, and `flash --token-user` or its CSV column. A name is printed in
/// logs and on terminals and carried in tokens, so it holds no control characters and no
/// U+FFFD (what bytes that are not UTF-8 become), and fits a token's length byte.
public enum UserName {
    /// The most bytes of UTF-8 a name may have (tokens carry it).
    public static let maximumLength = 64

    /// Why `name` cannot be a user's name, nil when it can.
    public static func problem(_ name: String) -> String? {
        if name.isEmpty { return "must not be empty" }
        if name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) { return "must not contain control characters" }
        if name.unicodeScalars.contains("\u{FFFD}") { return "must be valid UTF-8 (it holds U+FFFD, what bytes that are not UTF-8 become)" }
        if name.utf8.count > maximumLength { return "must be at most \(maximumLength) bytes (tokens carry it)" }
        return nil
    }
}

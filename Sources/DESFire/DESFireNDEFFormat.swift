/// What ``DESFireCard/formatForNDEF()`` did.
public struct DESFireNDEFFormat: Hashable, Sendable {
    /// The NDEF file's size, as the CC states it (MaxNDEF).
    public var ndefFileSize: Int
    /// True when application 000001 was on the card already, left by a format that stopped,
    /// and was finished.
    public var resumed: Bool

    /// A result of formatting.
    public init(ndefFileSize: Int, resumed: Bool) {
        self.ndefFileSize = ndefFileSize
        self.resumed = resumed
    }

    /// The largest NDEF message the file holds: its size less NLEN.
    public var capacity: Int { ndefFileSize - 2 }
}

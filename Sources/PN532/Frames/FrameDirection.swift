/// Which way an information frame travels; the raw value is its frame identifier (TFI).
public enum FrameDirection: UInt8, Hashable, Sendable, CaseIterable {
    /// A command from the host controller to the PN532 (TFI `D4`).
    case hostToChip = 0xD4
    /// A response from the PN532 to the host controller (TFI `D5`).
    case chipToHost = 0xD5
}

import PN532

/// Opens a reader, and opens it again after it went away: what a `FieldWatcher` recovers
/// a reader that stopped answering with.
public protocol ReaderConnector: AnyObject {
    /// What the reader is, for logs (`/dev/serial0`).
    var name: String { get }
    /// Opens the device and starts the chip (wake-up, SAM configuration, baud rate).
    func connect() throws(PN532Error) -> PN532Session
    /// Closes what `connect()` opened.
    func disconnect(_ session: PN532Session)
    /// Pulses the chip's RSTPD_N line low when one is wired; false when none is.
    func resetChip() throws(PN532Error) -> Bool
}

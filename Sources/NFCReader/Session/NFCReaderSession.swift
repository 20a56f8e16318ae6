import Dispatch
import PN532

/// What Core NFC's two reader sessions share, as its `NFCReaderSession` class: the reader,
/// beginning, the message for the user, restarting the poll and ending.
public class NFCReaderSession: @unchecked Sendable {
    /// The reader the session opens.
    public let device: NFCReaderDevice
    let core: ReaderSessionCore

    init(reader: NFCReaderDevice, timeout: Duration, otherFamilies: [PassiveModulation], queue: DispatchQueue?) {
        device = reader
        core = ReaderSessionCore(device: reader, timeout: timeout, otherFamilies: otherFamilies, callbacks: SessionCallbacks(queue: queue))
    }

    /// True, as Core NFC's `readingAvailable` on a phone with NFC: reading is available wherever
    /// this library runs (there may still be no reader: a session then ends when it begins).
    public static let readingAvailable = true

    /// The message for the user; an NDEF reader session sets it for "more than one tag".
    public var alertMessage: String {
        get { core.alertMessage }
        set { core.alertMessage = newValue }
    }

    /// True from `begin()` until the session is invalidated.
    public var isReady: Bool { core.isReady }

    /// Opens the reader and starts polling. A session begins once.
    public func begin() {
        core.begin()
    }

    /// Forgets the tags already reported (they are reported again if still in the field),
    /// disconnects the connected tag and polls again.
    public func restartPolling() {
        core.restartPolling()
    }

    /// Ends the session (`readerSessionInvalidationErrorUserCanceled`): the field is switched
    /// off and the reader closed.
    public func invalidate() {
        core.invalidate(.userCanceled)
    }

    /// Ends the session, showing `errorMessage` as the reason; the error's code is
    /// `readerSessionInvalidationErrorUserCanceled` and its message `errorMessage`.
    public func invalidate(errorMessage: String) {
        alertMessage = errorMessage
        core.invalidate(NFCReaderError(.readerSessionInvalidationErrorUserCanceled, errorMessage))
    }
}

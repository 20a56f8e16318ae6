// Apple's "Building an NFC Tag-Reader App" (iOS 11 shape): an NDEF reader session whose
// delegate gets the messages in `didDetectNDEFs`. The Core NFC code is Apple's, unchanged
// (`import CoreNFC` is `import NFCReader`), except that the session ends after its first read
// (`invalidateAfterFirstRead: true`, as in the Core NFC tutorial's `NFCHelper`), so that the
// test's session ends by itself; UIKit calls go to `Screen`.
import NFCReader

final class MessagesReader: NFCNDEFReaderSessionDelegate {
    let screen: Screen
    var session: NFCNDEFReaderSession?
    var detectedMessages = [NFCNDEFMessage]()

    init(screen: Screen) {
        self.screen = screen
    }

    func beginScanning() {
        guard NFCNDEFReaderSession.readingAvailable else {
            screen.present(alert: "This device doesn't support tag scanning.")
            return
        }

        session = NFCNDEFReaderSession(delegate: self, queue: nil, invalidateAfterFirstRead: true)
        session?.alertMessage = "Hold your iPhone near the item to learn more about it."
        session?.begin()
    }

    func readerSession(_ session: NFCNDEFReaderSession, didDetectNDEFs messages: [NFCNDEFMessage]) {
        // Process detected NFCNDEFMessage objects.
        self.detectedMessages.append(contentsOf: messages)
        screen.reloadData()
    }

    func readerSession(_ session: NFCNDEFReaderSession, didInvalidateWithError error: Error) {
        // Check the invalidation reason from the returned error.
        if let readerError = error as? NFCReaderError {
            // Show an alert when the invalidation reason is not because of a
            // successful read during a single-tag read session, or because the
            // user canceled a multiple-tag read session from the UI or
            // programmatically using the invalidate method call.
            if (readerError.code != .readerSessionInvalidationErrorFirstNDEFTagRead)
                && (readerError.code != .readerSessionInvalidationErrorUserCanceled) {
                screen.present(alert: readerError.localizedDescription)
            }
        }

        // To read new tags, a new session instance is required.
        self.session = nil
        screen.sessionEnded()
    }
}

// Apple's "Building an NFC Tag-Reader App", writing: one tag, connected, checked writable,
// written with `writeNDEF`; and the same shape locking a tag with `writeLock`. The Core NFC
// code is Apple's, unchanged (`import Dispatch` comes with Foundation on Apple's systems);
// UIKit calls go to `Screen`.
import Dispatch
import NFCReader

final class MessageWriter: NFCNDEFReaderSessionDelegate {
    let screen: Screen
    var session: NFCNDEFReaderSession?
    let message: NFCNDEFMessage
    /// Lock the tag after writing it.
    let locks: Bool

    init(screen: Screen, message: NFCNDEFMessage, locks: Bool = false) {
        self.screen = screen
        self.message = message
        self.locks = locks
    }

    func beginWrite() {
        session = NFCNDEFReaderSession(delegate: self, queue: nil, invalidateAfterFirstRead: false)
        session?.alertMessage = "Hold your iPhone near an NDEF tag to write the message."
        session?.begin()
    }

    func readerSession(_ session: NFCNDEFReaderSession, didDetectNDEFs messages: [NFCNDEFMessage]) {
        // Not called: the delegate implements didDetect tags.
    }

    func readerSession(_ session: NFCNDEFReaderSession, didDetect tags: [NFCNDEFTag]) {
        if tags.count > 1 {
            // Restart polling in 500ms
            let retryInterval = DispatchTimeInterval.milliseconds(500)
            session.alertMessage = "More than 1 tag is detected. Please remove all tags and try again."
            DispatchQueue.global().asyncAfter(deadline: .now() + retryInterval, execute: {
                session.restartPolling()
            })
            return
        }

        // Connect to the found tag and write an NDEF message to it.
        let tag = tags.first!
        session.connect(to: tag, completionHandler: { (error: Error?) in
            if nil != error {
                session.alertMessage = "Unable to connect to tag."
                session.invalidate()
                return
            }

            tag.queryNDEFStatus(completionHandler: { (ndefStatus: NFCNDEFStatus, capacity: Int, error: Error?) in
                guard error == nil else {
                    session.alertMessage = "Unable to query the NDEF status of tag."
                    session.invalidate()
                    return
                }

                switch ndefStatus {
                case .notSupported:
                    session.alertMessage = "Tag is not NDEF compliant."
                    session.invalidate()
                case .readOnly:
                    session.alertMessage = "Tag is read only."
                    session.invalidate()
                case .readWrite:
                    tag.writeNDEF(self.message, completionHandler: { (error: Error?) in
                        if nil != error {
                            session.alertMessage = "Write NDEF message fail: \(error!)"
                            session.invalidate()
                        } else if self.locks {
                            tag.writeLock(completionHandler: { (error: Error?) in
                                session.alertMessage = error == nil ? "Tag locked." : "Lock fail: \(error!)"
                                session.invalidate()
                            })
                        } else {
                            session.alertMessage = "Write NDEF message successful."
                            session.invalidate()
                        }
                    })
                }
            })
        })
    }

    func readerSession(_ session: NFCNDEFReaderSession, didInvalidateWithError error: Error) {
        screen.present(alert: session.alertMessage)
        self.session = nil
        screen.sessionEnded()
    }
}

// Apple's "Building an NFC Tag-Reader App" (iOS 13 shape): the delegate implements
// `didDetect tags`, connects to the one tag, queries its NDEF status and reads it. The Core
// NFC code is Apple's, unchanged; UIKit calls go to `Screen`.
import Dispatch
import NFCReader

final class TagMessagesReader: NFCNDEFReaderSessionDelegate {
    let screen: Screen
    var session: NFCNDEFReaderSession?
    var detectedMessages = [NFCNDEFMessage]()

    init(screen: Screen) {
        self.screen = screen
    }

    func beginScanning() {
        session = NFCNDEFReaderSession(delegate: self, queue: nil, invalidateAfterFirstRead: false)
        session?.alertMessage = "Hold your iPhone near the item to learn more about it."
        session?.begin()
    }

    func readerSessionDidBecomeActive(_ session: NFCNDEFReaderSession) {
    }

    func readerSession(_ session: NFCNDEFReaderSession, didDetectNDEFs messages: [NFCNDEFMessage]) {
        // Not called: the delegate implements didDetect tags.
    }

    func readerSession(_ session: NFCNDEFReaderSession, didDetect tags: [NFCNDEFTag]) {
        if tags.count > 1 {
            // Restart polling in 500ms
            let retryInterval = DispatchTimeInterval.milliseconds(500)
            session.alertMessage = "More than 1 tag is detected, please remove all tags and try again."
            DispatchQueue.global().asyncAfter(deadline: .now() + retryInterval, execute: {
                session.restartPolling()
            })
            return
        }

        // Connect to the found tag and perform NDEF message reading
        let tag = tags.first!
        session.connect(to: tag, completionHandler: { (error: Error?) in
            if nil != error {
                session.alertMessage = "Unable to connect to tag."
                session.invalidate()
                return
            }

            tag.queryNDEFStatus(completionHandler: { (ndefStatus: NFCNDEFStatus, capacity: Int, error: Error?) in
                if .notSupported == ndefStatus {
                    session.alertMessage = "Tag is not NDEF compliant"
                    session.invalidate()
                    return
                } else if nil != error {
                    session.alertMessage = "Unable to query NDEF status of tag"
                    session.invalidate()
                    return
                }

                tag.readNDEF(completionHandler: { (message: NFCNDEFMessage?, error: Error?) in
                    var statusMessage: String
                    if nil != error || nil == message {
                        statusMessage = "Fail to read NDEF from tag"
                    } else {
                        statusMessage = "Found 1 NDEF message"
                        // Process detected NFCNDEFMessage objects.
                        self.detectedMessages.append(message!)
                        self.screen.reloadData()
                    }

                    session.alertMessage = statusMessage
                    session.invalidate()
                })
            })
        })
    }

    func readerSession(_ session: NFCNDEFReaderSession, didInvalidateWithError error: Error) {
        screen.present(alert: session.alertMessage)
        self.session = nil
        screen.sessionEnded()
    }
}

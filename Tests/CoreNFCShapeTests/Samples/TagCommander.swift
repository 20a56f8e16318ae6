// The NFCTagReaderSession shape of Apple's documentation and the Core NFC tutorials: connect to
// the one tag, then a native command to a MIFARE tag (`sendMiFareCommand(commandPacket:)`, here
// READ page 4) or an APDU to an ISO 7816 card (`sendCommand(apdu:)`, here SELECT of the NDEF
// application). The Core NFC code is as Apple writes it, with `Data([…])` written `[…]`
// (byte arrays stand for `Data` here); UIKit calls go to `Screen`.
import NFCReader

final class TagCommander: NFCTagReaderSessionDelegate {
    let screen: Screen
    var session: NFCTagReaderSession?
    var response: [UInt8]?
    var statusWord: (UInt8, UInt8)?

    init(screen: Screen) {
        self.screen = screen
    }

    func beginScanning() {
        guard NFCTagReaderSession.readingAvailable else {
            screen.present(alert: "This device doesn't support tag scanning.")
            return
        }

        session = NFCTagReaderSession(pollingOption: [.iso14443, .iso18092], delegate: self, queue: nil)
        session?.alertMessage = "Hold your iPhone near the tag."
        session?.begin()
    }

    func tagReaderSessionDidBecomeActive(_ session: NFCTagReaderSession) {
    }

    func tagReaderSession(_ session: NFCTagReaderSession, didInvalidateWithError error: Error) {
        if let readerError = error as? NFCReaderError,
           readerError.code != .readerSessionInvalidationErrorUserCanceled {
            screen.present(alert: readerError.localizedDescription)
        } else {
            screen.present(alert: session.alertMessage)
        }
        self.session = nil
        screen.sessionEnded()
    }

    func tagReaderSession(_ session: NFCTagReaderSession, didDetect tags: [NFCTag]) {
        if tags.count > 1 {
            session.alertMessage = "More than 1 tag is detected, please remove all tags and try again."
            session.restartPolling()
            return
        }

        let tag = tags.first!
        session.connect(to: tag) { (error: Error?) in
            if nil != error {
                session.invalidate(errorMessage: "Connection error. Please try again.")
                return
            }

            switch tag {
            case .miFare(let miFareTag):
                guard miFareTag.mifareFamily == .ultralight else {
                    session.invalidate(errorMessage: "Not an Ultralight tag.")
                    return
                }
                let readPage4: [UInt8] = [0x30, 0x04]
                miFareTag.sendMiFareCommand(commandPacket: readPage4) { (response: [UInt8], error: Error?) in
                    if let error = error {
                        session.invalidate(errorMessage: "Read error: \(error)")
                        return
                    }
                    self.response = response
                    session.alertMessage = "Read \(response.count) bytes."
                    session.invalidate()
                }
            case .iso7816(let iso7816Tag):
                let selectNDEFApplication = NFCISO7816APDU(instructionClass: 0x00, instructionCode: 0xA4, p1Parameter: 0x04,
                                                           p2Parameter: 0x00, data: [0xD2, 0x76, 0x00, 0x00, 0x85, 0x01, 0x01],
                                                           expectedResponseLength: 256)
                iso7816Tag.sendCommand(apdu: selectNDEFApplication) { (response: [UInt8], sw1: UInt8, sw2: UInt8, error: Error?) in
                    if let error = error {
                        session.invalidate(errorMessage: "APDU error: \(error)")
                        return
                    }
                    self.response = response
                    self.statusWord = (sw1, sw2)
                    session.alertMessage = "SELECT answered."
                    session.invalidate()
                }
            case .feliCa(let feliCaTag):
                feliCaTag.requestResponse { (mode: Int, error: Error?) in
                    session.alertMessage = error == nil ? "Mode \(mode)." : "Request Response error."
                    session.invalidate()
                }
            }
        }
    }
}

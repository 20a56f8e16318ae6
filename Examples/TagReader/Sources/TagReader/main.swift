// Reads NDEF messages as tags come and lists them with their records: the shape of Core NFC's
// "Building an NFC Tag-Reader App" sample, on a PN532.
//
// usage: TagReader [DEVICE]     DEVICE: sim (default), sim:ntag215, /dev/ttyUSB0, i2c:/dev/i2c-1 …
import NDEF
import NFCReader
import PN532ReaderSimulator

#if canImport(Glibc)
import Glibc
#endif

/// One line for a record: what it holds, decoded when the type is known.
func describe(_ record: NDEFRecord) -> String {
    switch try? record.content() {
    case .text(let text)?: "Text (\(text.languageCode)): \(text.text)"
    case .uri(let uri)?: "URI: \(uri.uri)"
    case .media(let type, let data)?: "\(type): \(data.count) bytes"
    case .external(let type, let data)?: "\(type): \(String(decoding: data, as: UTF8.self))"
    default: "\(record.typeNameFormat.name) \(record.typeString): \(record.payload.count) bytes"
    }
}

SimulatorKind.register()
let device = CommandLine.arguments.dropFirst().first ?? "sim"
let session = NFCNDEFReaderSession(device: device, invalidateAfterFirstRead: false)
session.alertMessage = "Hold a tag near the reader to learn more about it."
print("Scanning \(device): \(session.alertMessage)")
session.begin()

var count = 0
do throws(NFCReaderError) {
    for try await detection in session.detections {
        guard case .messages(let messages) = detection else { continue }
        for message in messages {
            count += 1
            print("Message \(count): \(message.records.count) record\(message.records.count == 1 ? "" : "s")")
            for (index, record) in message.records.enumerated() {
                print("  \(index + 1). \(describe(record))")
            }
        }
    }
    print("Session ended.")
} catch let error where error.code == .readerSessionInvalidationErrorSessionTimeout {
    print("Session ended: \(error.message); \(count) message\(count == 1 ? "" : "s") read.")
} catch {
    print("Session invalidated: \(error)")
    exit(1)
}

import NDEF
import NFCCore
import PN532ReaderSimulator
import PN532Simulator
import Synchronization
import Type2
@testable import NFCReader

/// A simulated tag of `product` whose NDEF message is `message` (its TLV written in the data area).
func tag(_ product: TagProduct = .ntag213, uid: [UInt8]? = nil, holding message: NDEFMessage) throws -> SimulatedTag {
    var tag = SimulatedTag(product: product, uid: uid)
    let tlv = try Type2DataArea.ndefTLV(for: message.encoded())
    tag.memory.replaceSubrange(16..<16 + tlv.count, with: tlv)
    return tag
}

/// A delegate that records what the session told it.
final class RecordingDelegate: NFCNDEFReaderSessionDelegate, NFCTagReaderSessionDelegate, Sendable {
    private let record = Mutex<(active: Int, messages: [[NDEFMessage]], invalidation: NFCReaderError?)>((0, [], nil))

    var becameActive: Int { record.withLock { $0.active } }
    var messages: [[NDEFMessage]] { record.withLock { $0.messages } }
    var invalidation: NFCReaderError? { record.withLock { $0.invalidation } }

    func readerSessionDidBecomeActive(_ session: NFCNDEFReaderSession) {
        record.withLock { $0.active += 1 }
    }

    func readerSession(_ session: NFCNDEFReaderSession, didInvalidateWithError error: any Error) {
        record.withLock { $0.invalidation = error as? NFCReaderError }
    }

    func readerSession(_ session: NFCNDEFReaderSession, didDetectNDEFs messages: [NDEFMessage]) {
        record.withLock { $0.messages.append(messages) }
    }

    func tagReaderSessionDidBecomeActive(_ session: NFCTagReaderSession) {
        record.withLock { $0.active += 1 }
    }

    func tagReaderSession(_ session: NFCTagReaderSession, didInvalidateWithError error: any Error) {
        record.withLock { $0.invalidation = error as? NFCReaderError }
    }

    func tagReaderSession(_ session: NFCTagReaderSession, didDetect tags: [NFCTag]) {}
}

/// A chip handed to a session and looked at by the test once the session has ended.
final class SharedChip: @unchecked Sendable {
    let chip: SimulatedPN532
    init(_ tags: [SimulatedTag]) { chip = SimulatedPN532(tags: tags) }
    var device: NFCReaderDevice { .reader(.simulating(chip)) }
}

/// Collects every detection of a stream until it ends; the error it ended with, if any.
func collect<Element>(_ stream: NFCDetectionStream<Element>) async -> (items: [Element], error: NFCReaderError?) {
    var items: [Element] = []
    do throws(NFCReaderError) {
        for try await item in stream { items.append(item) }
        return (items, nil)
    } catch {
        return (items, error)
    }
}

/// The records of a `.messages` detection.
func messages(_ detection: NFCNDEFReaderSession.Detection) -> [NDEFMessage] {
    if case .messages(let messages) = detection { messages } else { [] }
}

let uidA: [UInt8] = [0x04, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66]
let uidB: [UInt8] = [0x04, 0x77, 0x66, 0x55, 0x44, 0x33, 0x22]


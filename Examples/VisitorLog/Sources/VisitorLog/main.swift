// A "location" tag holding a name and a visitor log: each tap reads the tag's message, appends
// a visitor record and writes the message back (the NeatoCache idea of the Core NFC tutorials),
// on a PN532.
//
// usage: VisitorLog [--device DEVICE] [--location NAME] [VISITOR …]
//   DEVICE: sim:ntag213 (default: an empty NTAG213 on the in-process simulator, which stays in
//   the field, so each visitor is one more tap of it), /dev/ttyUSB0, i2c:/dev/i2c-1 …
// An empty tag becomes a location tag named NAME (default "Front desk") at the first tap.
import NDEF
import NFCReader
import PN532ReaderSimulator

#if canImport(Glibc)
import Glibc
#endif

/// The tag's content: a location record, then one record per visitor.
struct Location {
    static let locationType = "pn532ctl.org:location"
    static let visitorType = "pn532ctl.org:visitor"

    var name: String
    var visitors: [String]

    /// The location a message holds; nil when it is not a location tag's.
    init?(_ message: NDEFMessage) {
        guard let first = message.records.first, case .external(Self.locationType, let data)? = try? first.content() else { return nil }
        var visitors: [String] = []
        for record in message.records.dropFirst() {
            guard case .external(Self.visitorType, let data)? = try? record.content() else { return nil }
            visitors.append(String(decoding: data, as: UTF8.self))
        }
        name = String(decoding: data, as: UTF8.self)
        self.visitors = visitors
    }

    init(name: String) {
        self.name = name
        visitors = []
    }

    /// The message to write.
    func message() throws(NDEFError) -> NDEFMessage {
        var records = [try NDEFRecord.external(type: Self.locationType, data: Array(name.utf8))]
        for visitor in visitors { records.append(try .external(type: Self.visitorType, data: Array(visitor.utf8))) }
        return NDEFMessage(records: records)
    }
}

/// Why a tap ends the log.
struct Refusal: Error {
    var message: String
}

SimulatorKind.register()
var arguments = Array(CommandLine.arguments.dropFirst())
var device = "sim:ntag213"
var locationName = "Front desk"
var visitors: [String] = []
while !arguments.isEmpty {
    let argument = arguments.removeFirst()
    switch argument {
    case "--device", "--location":
        guard !arguments.isEmpty else {
            print("VisitorLog: \(argument) needs a value")
            exit(64)
        }
        let value = arguments.removeFirst()
        if argument == "--device" { device = value } else { locationName = value }
    default:
        visitors.append(argument)
    }
}
if visitors.isEmpty { visitors = ["Ada", "Grace", "Linus"] }

/// The tag's message; nil when it is empty.
func storedMessage(on tag: any NFCNDEFTag) async throws(NFCReaderError) -> NDEFMessage? {
    do throws(NFCReaderError) {
        return try await tag.readNDEF()
    } catch {
        guard error.code == .ndefReaderSessionErrorZeroLengthMessage else { throw error }
        return nil
    }
}

/// One tap: reads the location on `tag` (or starts one named `locationName` on an empty tag),
/// adds `visitor`, writes it back.
func addVisitor(_ visitor: String, to tag: any NFCNDEFTag, locationName: String) async throws -> Location {
    let (status, capacity) = try await tag.queryNDEFStatus()
    switch status {
    case .notSupported: throw Refusal(message: "the tag is not NDEF compliant (format it first)")
    case .readOnly: throw Refusal(message: "the tag is read-only: its log cannot grow")
    case .readWrite: break
    }
    let stored = try await storedMessage(on: tag)
    var location = Location(name: locationName)
    if let stored {
        guard let found = Location(stored) else {
            throw Refusal(message: "the tag holds another message (\(stored.records.count) records), not a location: nothing was written")
        }
        location = found
    } else {
        print("The tag is empty: it becomes the location \"\(locationName)\".")
    }
    location.visitors.append(visitor)
    let message = try location.message()
    guard message.length <= capacity else {
        throw Refusal(message: "the tag is full: \"\(location.name)\" holds \(location.visitors.count - 1) visitors and has no room for \(visitor) (\(message.length) bytes needed, \(capacity) available): start a new log on another tag")
    }
    try await tag.writeNDEF(message)
    return location
}

/// Signs in `visitors`, one tap each; false when a tap was refused or the session failed.
func run(device: String, locationName: String, visitors: [String]) async -> Bool {
    let session = NFCNDEFReaderSession(device: device, reportsTags: true, invalidateAfterFirstRead: false)
    session.begin()
    var succeeded = true
    var pending = visitors[...]
    print("Tap the location tag for \(visitors.joined(separator: ", then ")) on \(device).")
    do {
        for try await detection in session.detections {
            guard case .tags(let tags) = detection, let visitor = pending.first else { continue }
            guard tags.count == 1, let tag = tags.first else {
                session.alertMessage = NFCNDEFReaderSession.moreThanOneTagMessage
                print(session.alertMessage)
                session.restartPolling()
                continue
            }
            do {
                try await session.connect(to: tag)
                let location = try await addVisitor(visitor, to: tag, locationName: locationName)
                print("\(visitor) signed in at \"\(location.name)\": \(location.visitors.joined(separator: ", "))")
            } catch {
                var reason = "\(error)"
                if let refusal = error as? Refusal { reason = refusal.message }
                print("Not written: \(reason).")
                succeeded = false
                session.invalidate(errorMessage: reason)
                continue
            }
            pending = pending.dropFirst()
            if let next = pending.first {
                print("Tap the location tag for \(next).")
                session.restartPolling()
            } else {
                session.invalidate()
            }
        }
    } catch {
        print("Session ended: \(error)")
        succeeded = false
    }
    return succeeded
}

exit(await run(device: device, locationName: locationName, visitors: visitors) ? 0 : 1)

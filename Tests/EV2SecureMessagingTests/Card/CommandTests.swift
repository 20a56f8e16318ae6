import Basics
import Credentials
@testable import EV2SecureMessaging
import TestSupport
import Testing

/// The commands' APDUs outside the published vectors: plain ones, chunking by the link's
/// frame, Read_Sig, GetKeyVersion, SetConfiguration.
@Suite("EV2 commands")
struct CommandTests {
    @Test("a plain read is split by the link's answer frame, each part checked for its length")
    func chunkedPlainRead() throws {
        let data = Array(0..<40).map { UInt8($0) }
        let script = ScriptedExchange([
            ("90AD000007 02 000000 120000 00", Hex.encode(Array(data[0..<18])) + "9100"),
            ("90AD000007 02 120000 120000 00", Hex.encode(Array(data[18..<36])) + "9100"),
            ("90AD000007 02 240000 040000 00", Hex.encode(Array(data[36..<40])) + "9100"),
        ], maximumAnswerLength: 20)
        #expect(try card(script).readData(0x02, offset: 0, length: 40, mode: .plain) == data)
        #expect(script.isDone, "\(script.unexpected)")
        let short = ScriptedExchange([("90AD000007 02 000000 040000 00", "010203 9100")])
        #expect(throws: EV2Error.malformedAnswer("3 bytes where 4 were asked for", step: "ReadData 02")) {
            try card(short).readData(0x02, offset: 0, length: 4, mode: .plain)
        }
    }

    @Test("reads in MAC and full mode are split by the link's answer frame, each part's MAC checked", arguments: [
        (CommunicationMode.plain, [38, 2]), (.mac, [30, 10]), (.full, [15, 15, 10]),
    ])
    func chunkedProtectedRead(mode: CommunicationMode, parts: [Int]) throws {
        let file = Array(0..<64).map { UInt8($0 * 3) }
        let session = session(enc: "1309C877509E5A215007FF0ED19CA564", mac: "4C6626F5E72EA694202139295C7A7FC7", ti: "9D00C4DF", counter: 7)
        let fileCard = FileCard(file: file, session: session, mode: mode, maximumAnswerLength: 40)
        let card = EV2Card(exchange: fileCard)
        card.session = session
        #expect(try card.readData(0x02, offset: 5, length: 40, mode: mode) == Array(file[5..<45]))
        #expect(fileCard.answered == parts)
        #expect(card.session?.commandCounter == 7 + UInt16(parts.count))
    }

    @Test("a full-mode write is split so that each APDU fits the link's command frame")
    func chunkedFullWrite() throws {
        let session = session(enc: "1309C877509E5A215007FF0ED19CA564", mac: "4C6626F5E72EA694202139295C7A7FC7", ti: "9D00C4DF", counter: 0)
        let recorder = RecordingExchange(answer: session, maximumCommandLength: 64)
        let card = EV2Card(exchange: recorder)
        card.session = session
        try card.writeData(0x02, offset: 10, [UInt8](repeating: 0x41, count: 100), mode: .full)
        #expect(recorder.sent.allSatisfy { $0.count <= 64 })
        #expect(recorder.sent.map { Int($0[9]) } == [31, 31, 31, 7])
        #expect(recorder.sent.map { Int($0[6]) } == [10, 41, 72, 103])
        #expect(card.session?.commandCounter == 4)
    }

    @Test("offsets and lengths outside 3 bytes are refused before sending")
    func ranges() {
        let script = ScriptedExchange([])
        #expect { try card(script).readData(0x02, offset: 0xFF_FFFF, length: 2, mode: .plain) } throws: { error in
            guard case .invalidArgument = error as? EV2Error else { return false }
            return true
        }
        #expect { try card(script).writeData(0x02, offset: -1, [1], mode: .plain) } throws: { error in
            guard case .invalidArgument = error as? EV2Error else { return false }
            return true
        }
        #expect(script.sent.isEmpty)
    }

    @Test("Read_Sig without a session is plain and returns 56 bytes; another length is malformed")
    func readSignature() throws {
        let signature = [UInt8](repeating: 0x5A, count: 56)
        let script = ScriptedExchange([("903C000001 00 00", Hex.encode(signature) + "9100")])
        #expect(try card(script).originalitySignature() == signature)
        let short = ScriptedExchange([("903C000001 00 00", Hex.encode(Array(signature.prefix(32))) + "9100")])
        #expect(throws: EV2Error.malformedAnswer("a signature of 32 bytes, 56 expected", step: "Read_Sig")) { try card(short).originalitySignature() }
    }

    @Test("GetKeyVersion in a session is MACed and its one byte checked")
    func keyVersion() throws {
        let session = session(enc: "1309C877509E5A215007FF0ED19CA564", mac: "4C6626F5E72EA694202139295C7A7FC7", ti: "9D00C4DF", counter: 5)
        let command = [0x90, 0x64, 0x00, 0x00, 0x09, 0x01] + session.wrap(instruction: 0x64, header: [0x01], data: [], mode: .mac).suffix(8) + [0x00]
        var answering = session
        answering.advance()
        let mac = session.truncatedMAC([0x00, 0x06, 0x00] + session.transactionIdentifier + [0x42])
        let script = ScriptedExchange([(Hex.encode(command), "42" + Hex.encode(mac) + "9100")])
        let card = card(script, in: session)
        #expect(try card.keyVersion(0x01) == 0x42)
        #expect(script.isDone, "\(script.unexpected)")
        #expect(card.session == answering)
    }

    @Test("SetConfiguration random ID sends option 00 and 02, encrypted")
    func randomID() throws {
        let session = session(enc: "1309C877509E5A215007FF0ED19CA564", mac: "4C6626F5E72EA694202139295C7A7FC7", ti: "9D00C4DF", counter: 0)
        let recorder = RecordingExchange(answer: session)
        let card = EV2Card(exchange: recorder)
        card.session = session
        try card.setConfiguration(randomID: true)
        let apdu = try #require(recorder.sent.first)
        #expect(apdu.prefix(6) == [0x90, 0x5C, 0x00, 0x00, 0x19, 0x00] && apdu.count == 31)
        let plain = session.encryptionKey.cbcDecrypt(Array(apdu[6..<22]), iv: session.iv(response: false))
        #expect(plain == [0x02, 0x80] + [UInt8](repeating: 0, count: 14))
    }
}

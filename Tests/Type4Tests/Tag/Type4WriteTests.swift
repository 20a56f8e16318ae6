import ISO7816
import NDEF
import TagProtocols
import Testing
import TestSupport
import Type4

/// The tear-safe Type 4 write against scripted cards: NLEN 0 first, data in MLc chunks, NLEN
/// last, then the read-back.
struct Type4WriteTests {
    static let message = Type4ReadTests.message

    @Test func aLongMessageGoesNLENZeroFirstAndNLENLast() throws {
        let bytes = Self.message.encoded()
        let image = [0x00, 0x00] + bytes
        let card = ScriptedExchange(Script.open(cc: Script.desfireCC) + [
            ("00 D6 00 00 34 " + Script.text(Array(image[0..<52])), "90 00"),
            ("00 D6 00 34 1E " + Script.text(Array(image[52...])), "90 00"),
            ("00 D6 00 00 02 00 50", "90 00"),
            ("00 B0 00 00 3B", "00 50 " + Script.text(Array(bytes[0..<57])) + " 90 00"),
            ("00 B0 00 3B 17", Script.text(Array(bytes[57...])) + " 90 00"),
        ])
        try Type4Tag(exchange: card).writeNDEF(Self.message)
        #expect(card.isDone)
    }

    @Test func aShortMessageGoesInOneUpdate() throws {
        let message = NDEFMessage(records: [.uri("https://a.io")])
        let bytes = message.encoded()
        let length = Script.text([0x00, UInt8(bytes.count)])
        let card = ScriptedExchange(Script.open(cc: Script.desfireCC) + [
            ("00 D6 00 00 " + Script.text([UInt8(bytes.count + 2)]) + " " + length + " " + Script.text(bytes), "90 00"),
        ])
        try Type4Tag(exchange: card).writeNDEF(message, verify: false)
        #expect(card.isDone)
    }

    @Test func aCardThatLeavesMidWriteIsATornWrite() throws {
        let image = [0x00, 0x00] + Self.message.encoded()
        let card = ScriptedExchange(Script.open(cc: Script.desfireCC) + [
            ("00 D6 00 00 34 " + Script.text(Array(image[0..<52])), "90 00"),
            ("00 D6 00 34 1E " + Script.text(Array(image[52...])), nil),
        ])
        #expect(throws: Type4Error.tornWrite(bytesWritten: 52)) { try Type4Tag(exchange: card).writeNDEF(Self.message) }
        #expect(card.isDone)
    }

    @Test func aMessageTooLongWritesNothing() throws {
        let cc = "00 0F 20 00 3B 00 34 04 06 E1 04 00 20 00 00"
        let card = ScriptedExchange(Script.open(cc: cc))
        #expect {
            try Type4Tag(exchange: card).writeNDEFMessage(Self.message)
        } throws: { error in
            (error as? TagFailure)?.kind == .messageTooLong(length: 80, capacity: 30)
        }
        #expect(card.isDone)
    }

    @Test func aReadOnlyTagWritesNothingAndIsAlreadyLocked() throws {
        #expect(throws: Type4Error.readOnly(access: 0xFF)) { try Type4Tag(exchange: ScriptedExchange(Script.open(cc: Script.readOnlyCC))).writeNDEF(Self.message) }
        #expect(throws: Type4Error.alreadyLocked) { try Type4Tag(exchange: ScriptedExchange(Script.open(cc: Script.readOnlyCC))).lock() }
    }

    @Test func lockingAWritableTagIsUnsupportedWithTheReason() throws {
        #expect {
            try Type4Tag(exchange: ScriptedExchange(Script.open(cc: Script.desfireCC))).writeLock()
        } throws: { error in
            guard let failure = error as? TagFailure, failure.kind == .unsupported else { return false }
            return failure.message.contains("keys")
        }
    }

    @Test func aReadBackThatDiffersFailsVerification() throws {
        let message = NDEFMessage(records: [.uri("https://a.io")])
        let bytes = message.encoded()
        let write = "00 D6 00 00 " + Script.text([UInt8(bytes.count + 2), 0x00, UInt8(bytes.count)] + bytes)
        var back = [0x00, UInt8(bytes.count)] + bytes
        back[5] ^= 0x01
        let card = ScriptedExchange(Script.open(cc: Script.desfireCC) + [
            (write, "90 00"),
            ("00 B0 00 00 " + Script.text([UInt8(back.count)]), Script.text(back) + " 90 00"),
        ])
        #expect(throws: Type4Error.verificationFailed(offset: 5)) { try Type4Tag(exchange: card).writeNDEF(message) }
        #expect(card.isDone)
    }
}

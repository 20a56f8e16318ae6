import PN532Simulator
import Testing
import TestSupport

/// The keyed NTAG 424 DNA and its perfect clone: everything a reader without the keys sees is
/// the same (the clone replays the SUN it captured), but the clone cannot authenticate.
struct NTAG424CloneTests {
    static let uid = "04958CAA5C5E80"

    static func keyedOriginal() -> SimulatedTag {
        var tag = SimulatedTag.ntag424Keyed(uid: hex(uid))
        tag.ntag424?.signature = (0..<56).map { UInt8($0) }
        return tag
    }

    /// What a reader without keys learns, in order: RATS, GetVersion, Read_Sig, the CC file,
    /// the NDEF file, GetFileSettings of files 1 and 3, every key's version.
    static func plainView(_ card: NTAG424Card) -> [[UInt8]] {
        card.tag.activate()
        guard case .data(let ats) = card.tag.respond(to: [0xE0, 0x80]).kind else { return [] }
        var answers = [card.tag.uid, ats]
        answers += ["90 60 00 00 00", "90 AF 00 00 00", "90 AF 00 00 00", "90 3C 00 00 01 00 00"].map { card.send($0) }
        _ = card.selectFile("E1 03")
        answers.append(card.send("00 B0 00 00 20"))
        _ = card.selectFile("E1 04")
        answers.append(card.send("00 B0 00 00 00"))
        answers += ["90 F5 00 00 01 01 00", "90 F5 00 00 01 03 00"].map { card.send($0) }
        answers += (0..<5).map { card.send("90 64 00 00 01 0\($0) 00") }
        return answers
    }

    @Test func theCloneAnswersAPlainReaderAsTheOriginalDid() throws {
        var original = Self.keyedOriginal()
        let witness = NTAG424Card(original)
        let clone = try #require(original.ntag424Clone() as SimulatedTag?)
        let copy = NTAG424Card(clone)
        let expected = Self.plainView(witness)
        #expect(expected.count == 15)
        #expect(Self.plainView(copy) == expected)
        #expect(copy.tag.uid == hex(Self.uid))
        #expect(original.ntag424?.sdmReadCounter == 1, "the copier's read counted on the original")
    }

    @Test func theOriginalAuthenticatesWithItsKeyAndTheCloneDoesNot() throws {
        var original = Self.keyedOriginal()
        let clone = try #require(original.ntag424Clone() as SimulatedTag?)
        let part2 = "90AF000020 EF95C3E230056E34AFB32F920F090A1082F221EF0FC2693774D4F945C3471AFC 00"
        let genuine = NTAG424Card(original, random: "000102030405060708090A0B0C0D0E0F 01020304")
        #expect(genuine.send("90 71 00 00 02 00 00 00") == hex("EC6322DACB521B659BA06C9BEE9F1D9B 91AF"))
        #expect(genuine.send(part2).suffix(2) == [0x91, 0x00])
        let copy = NTAG424Card(clone, random: "000102030405060708090A0B0C0D0E0F 01020304")
        #expect(copy.send("90 71 00 00 02 00 00 00") != hex("EC6322DACB521B659BA06C9BEE9F1D9B 91AF"))
        #expect(copy.send(part2) == hex("91AE"))
        #expect(copy.tag.ntag424?.failedAuthentications == 1)
    }

    @Test func theKeyedCardMirrorsAnEncryptedSUNThatChangesEveryTap() {
        let card = NTAG424Card(Self.keyedOriginal())
        #expect(card.selectFile("E1 04"))
        let first = card.send("00 B0 00 00 4E")
        #expect(card.selectFile("E1 04"))
        let second = card.send("00 B0 00 00 4E")
        #expect(first.count == 0x4E + 2)
        #expect(first != second)
        #expect(Array(first[7..<25]) == Array("example.com/sun?e=".utf8))
        #expect(!Array(first[25..<57]).allSatisfy { $0 == 0x30 })
        #expect(card.tag.ntag424?.sdmReadCounter == 2)
    }
}

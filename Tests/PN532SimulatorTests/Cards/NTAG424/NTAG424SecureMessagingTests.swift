import PN532Simulator
import Testing
import TestSupport

/// The simulated NTAG 424 DNA's CommMode.MAC and Full commands against AN12196 (reference
/// §9.4), ChangeKey with a non-zero old key, Random ID, GetCardUID and Read_Sig.
struct NTAG424SecureMessagingTests {
    @Test func getFileSettingsInMACModeGivesVector94a() {
        let card = NTAG424Card()
        let sdm = SimulatedNTAG424.SDMSettings(
            options: 0xD1, accessRights: 0x00FE, piccDataOffset: 0x1F, macInputOffset: 0x44, encOffset: 0x44, encLength: 0x20, macOffset: 0x6A
        )
        #expect(card.tag.ntag424?.setFileSettings(2, .init(commMode: .plain, accessRights: 0xEEEE, sdm: sdm)) == true)
        card.tag.beginNTAG424Session(
            keyNumber: 0, transactionIdentifier: hex("7A21085E"), commandCounter: 0,
            encryptionKey: [UInt8](repeating: 0, count: 16), macKey: hex("8248134A386E86EB7FAF54A52E536CB6")
        )
        #expect(
            card.send("90F5000009 02 6597A457C8CD442C 00")
                == hex("0040EEEE000100D1FE001F00004400004400002000006A0000 2A474282E7A47986 9100")
        )
    }

    @Test func fullWriteDataThenChangeFileSettingsGiveVectors94bAnd94c() {
        let card = NTAG424Card(random: NTAG424Card.vector91Random)
        card.tag.ntag424?.setFileSettings(2, .init(commMode: .full, accessRights: 0xE000))
        #expect(card.authenticateVector91())
        #expect(card.send(NTAG424AuthenticationTests.vector94bWriteData) == hex("FC222E5F7A542452 9100"))
        let url = Array("choose.url.com/ntag424?e=".utf8)
        #expect(Array(card.tag.files[1].bytes[7..<7 + url.count]) == url)
        #expect(card.send("905F0000190261B6D97903566E84C3AE5274467E89EAD799B7C1A0EF7A0400") == hex("57BFF87B1241E93D 9100"))
        let settings = card.tag.ntag424?.fileSettings[1]
        #expect(settings?.accessRights == 0xE000)
        #expect(settings?.sdm == SimulatedNTAG424.SDMSettings(options: 0xC1, accessRights: 0x21F1, piccDataOffset: 0x20, macInputOffset: 0x43, macOffset: 0x43))
        // A command whose MAC is wrong (the §9.4c APDU again, CmdCtr now 2) → 91 1E, session gone.
        #expect(card.send("905F0000190261B6D97903566E84C3AE5274467E89EAD799B7C1A0EF7A0400") == hex("911E"))
    }

    @Test func aSessionWhoseCmdCtrReachedFFFFFailsItsNextCommandAndEnds() {
        let card = NTAG424Card(uid: "04958CAA5C5E80")
        card.tag.beginNTAG424Session(
            keyNumber: 0, transactionIdentifier: hex("DF055522"), commandCounter: 0xFFFF,
            encryptionKey: hex("2B4D963C014DC36F24F69A50A394F875"), macKey: hex("379D32130CE61705DD5FD8C36B95D764")
        )
        #expect(card.send("90 AD 00 00 07 02 000000 020000 00") == hex("911E"))
        #expect(card.send("90 51 00 00 00") == hex("919D"), "no session any more")
    }

    @Test func getVersionInASessionIsMACedOverItsThreePartsAndCountsOnce() {
        // MACs computed with Python's `cryptography` package from the data sheet's definitions,
        // in the §9.1 session.
        let card = NTAG424Card(random: NTAG424Card.vector91Random)
        #expect(card.authenticateVector91())
        #expect(card.send("90 60 00 00 08 F98F3856771B6849 00") == hex("04 04 02 30 00 11 05 91AF"))
        #expect(card.send("90 AF 00 00 00") == hex("04 04 02 01 02 11 05 91AF"))
        #expect(card.send("90 AF 00 00 00") == hex("04958CAA5C5E80 CF39A14C303721 322AEA971B9D75D8 9100"))
        #expect(card.send("9064000009 00 0F5B6CBBBAB089EC 00") == hex("00 0BDF3099ABD45E6D 9100"), "CmdCtr is 1")
        #expect(card.send("90 60 00 00 00") == hex("917E"), "no MAC in a session")
        #expect(card.send("90 51 00 00 00") == hex("919D"), "the session ended")
    }

    @Test func getCardUIDEnciphersTheUIDAsVector94e() {
        let card = NTAG424Card(uid: "04958CAA5C5E80")
        card.tag.beginNTAG424Session(
            keyNumber: 0, transactionIdentifier: hex("DF055522"), commandCounter: 0,
            encryptionKey: hex("2B4D963C014DC36F24F69A50A394F875"), macKey: hex("379D32130CE61705DD5FD8C36B95D764")
        )
        #expect(card.send("9051000008 8E2C155ADDA99BE3 00") == hex("70756055688505B52A5E26E59E329CD6 595F672298EA41B7 9100"))
    }

    @Test func changeKeyXORsTheOldKeyAndChecksCRC32NK() {
        // Keyed card, key 0 = 11…11; RndB 00…0F, TI 01020304, RndA A0…AF (computed with Python's
        // `cryptography` package from the data sheet's definitions).
        let card = NTAG424Card(SimulatedTag.ntag424Keyed(uid: hex("04958CAA5C5E80")), random: "000102030405060708090A0B0C0D0E0F 01020304")
        #expect(card.send("90 71 00 00 02 00 00 00") == hex("EC6322DACB521B659BA06C9BEE9F1D9B 91AF"))
        #expect(
            card.send("90AF000020 EF95C3E230056E34AFB32F920F090A1082F221EF0FC2693774D4F945C3471AFC 00")
                == hex("2D9EC733827B4388BC6071524DA0CFA6CD6840C6981E6447E00FA02184DB7DC1 9100")
        )
        #expect(
            card.send("90C400002901FBE4CE157C3DCA07109BC09A196BD60F2C10CF093D0534143F74599EF3E5B589DD6D223B9C2293DB00")
                == hex("A3F0B466BC703AB6 9100")
        )
        #expect(card.tag.ntag424?.keys[1] == hex("F3847D627727ED3BC9C4CC050489B966"))
        #expect(card.send("9064000009 01 5653363B527E4729 00") == hex("02 337F19D55FEC8971 9100"))
    }

    @Test func randomIDHidesTheUIDFromAnticollisionGetVersionAndReadSig() {
        let signature = [UInt8](repeating: 0x5A, count: 56)
        var tag = SimulatedTag(product: .ntag424, uid: hex("04958CAA5C5E80"))
        tag.ntag424?.signature = signature
        let card = NTAG424Card(tag, random: NTAG424Card.vector91Random)
        #expect(card.send("90 3C 00 00 01 00 00") == signature + [0x91, 0x00])
        #expect(card.tag.atqa == [0x03, 0x44])
        #expect(card.authenticateVector91())
        #expect(card.send("905C00001900D2683411BC6370EBDA2FD13B6371DD89BE52693175617CE000") == hex("FC222E5F7A542452 9100"))
        #expect(card.tag.ntag424?.randomID == true)
        card.tag.ntag424?.queuedRandom = hex(NTAG424Card.vector91Random)
        card.activate()
        #expect(card.tag.uid.count == 4)
        #expect(card.tag.uid.first == 0x08)
        #expect(card.tag.atqa == [0x03, 0x04])
        #expect(card.send("90 60 00 00 00").suffix(2) == [0x91, 0xAF])
        #expect(card.send("90 AF 00 00 00").suffix(2) == [0x91, 0xAF])
        #expect(card.send("90 AF 00 00 00").prefix(7) == [0, 0, 0, 0, 0, 0, 0][...])
        #expect(card.send("90 3C 00 00 01 00 00") == hex("919D"))
        #expect(card.authenticateVector91())
        #expect(card.send("905100000839D419D352B6385600") == hex("3EE97405F34E1C91A588BB7B21E0B999EDB57E3F6DC7060A 9100"))
    }
}

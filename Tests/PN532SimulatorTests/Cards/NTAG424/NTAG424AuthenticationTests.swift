import PN532Simulator
import Testing
import TestSupport

/// The simulated NTAG 424 DNA's AuthenticateEV2First and NonFirst against AN12196's published
/// exchanges (reference §9.1–9.3), given their RndB and TI, and its failures (TotFailCtr,
/// aborted and dropped sessions).
struct NTAG424AuthenticationTests {
    @Test func authenticateEV2FirstWithKey0GivesTheVector91Answers() {
        let card = NTAG424Card(random: NTAG424Card.vector91Random)
        #expect(card.authenticateVector91())
        #expect(card.tag.ntag424?.failedAuthentications == 0)
    }

    @Test func key3AndNonFirstWithKey0GiveTheVector92And93Answers() {
        // RndB of §9.2 is D(0, B875…92D1); its TI is 7614281A; then RndB of §9.3.
        let card = NTAG424Card(random: "91517975190DCEA6104948EFA3085C1B 7614281A 6924E8D09722659A2E7DEC68E66312B8")
        #expect(card.send("90 71 00 00 02 03 00 00") == hex("B875CEB0E66A6C5CD00898DC371F92D1 91AF"))
        #expect(
            card.send("90AF000020 FF0306E47DFBC50087C4D8A78E88E62DE1E8BE457AA477C707E2F0874916A8B1 00")
                == hex("0CC9A8094A8EEA683ECAAC5C7BF20584206D0608D477110FC6B3D5D3F65C3A6A 9100")
        )
        // §9.4d: WriteData to file 03 (Full, write key 3) in that session, CmdCtr 0.
        #expect(
            card.send("908D00001F030000000A00006B5E6804909962FC4E3FF5522CF0F8436C0C53315B9C73AA00") == hex("C26D236E4A7C046D 9100")
        )
        #expect(card.tag.files[2].bytes.prefix(10) == hex("0102030405060708090A")[...])
        #expect(card.send("90 77 00 00 01 00 00") == hex("A6A2B3C572D06C097BB8DB70463E22DC 91AF"))
        #expect(
            card.send("90AF000020 BE7D45753F2CAB85F34BC60CE58B940763FE969658A532DF6D95EA2773F6E991 00")
                == hex("B888349C24B315EAB5B589E279C8263E 9100")
        )
        // A plain ReadData of the NDEF file (free) advances CmdCtr to 2 without a MAC.
        #expect(card.send("90 AD 00 00 07 02 000000 020000 00") == hex("0000 9100"))
        // §9.5 case 1: key 02 changed in the NonFirst session (TI kept), CmdCtr 2.
        #expect(
            card.send("90C4000029022CF362B7BF4311FF3BE1DAA295E8C68DE09050560D19B9E16C2393AE9CD1FAC75D0CE20BCD1D06E600")
                == hex("203BB55D1089D587 9100")
        )
        #expect(card.tag.ntag424?.keys[2] == hex("F3847D627727ED3BC9C4CC050489B966"))
        #expect(card.tag.ntag424?.keyVersions[2] == 0x01)
        // §9.5 case 2: key 00 itself, CmdCtr 3: 91 00 without a MAC, and the session is gone.
        #expect(
            card.send("90C400002900C0EB4DEEFEDDF0B513A03A95A75491818580503190D4D05053FF75668A01D6FDA6610234BDED643200") == hex("9100")
        )
        #expect(card.tag.ntag424?.keys[0] == hex("5004BF991F408672B1EF00F08F9E8647"))
        #expect(card.send("90 51 00 00 00") == hex("919D"), "GetCardUID needs a session")
    }

    @Test func aWrongKeyIsRefusedWithAEAndCountsUntilTheLimitGivesAD() {
        var tag = SimulatedTag(product: .ntag424)
        tag.ntag424?.failedAuthenticationLimit = 2
        let card = NTAG424Card(tag, random: NTAG424Card.vector91Random)
        let wrongPart2 = "90AF000020" + String(repeating: "00", count: 32) + "00"
        #expect(card.send("90 71 00 00 02 00 00 00").suffix(2) == [0x91, 0xAF])
        #expect(card.send(wrongPart2) == hex("91AE"))
        #expect(card.tag.ntag424?.failedAuthentications == 1)
        #expect(card.send("90 71 00 00 02 00 00 00").suffix(2) == [0x91, 0xAF])
        #expect(card.send(wrongPart2) == hex("91AE"))
        #expect(card.tag.ntag424?.failedAuthentications == 2)
        #expect(card.send("90 71 00 00 02 00 00 00") == hex("91AD"))
        card.activate()
        #expect(card.send("90 71 00 00 02 00 00 00") == hex("91AD"), "TotFailCtr survives power loss")
    }

    @Test func anotherCommandAbortsThePendingPart2() {
        let card = NTAG424Card(random: NTAG424Card.vector91Random)
        #expect(card.send("90 71 00 00 02 00 00 00") == hex("A04C124213C186F22399D33AC2A30215 91AF"))
        #expect(card.send("90 64 00 00 01 00 00") == hex("00 9100"))
        #expect(card.send("90AF000020 35C3E05A752E0144BAC0DE51C1F22C56B34408A23D8AEA266CAB947EA8E0118D 00") == hex("911C"))
    }

    @Test func anErrorDropsTheSession() {
        let card = NTAG424Card(random: NTAG424Card.vector91Random)
        card.tag.ntag424?.setFileSettings(2, .init(commMode: .full, accessRights: 0xE000))
        #expect(card.authenticateVector91())
        #expect(card.send("90 F5 00 00 01 09 00") == hex("91F0"))
        // The §9.4b WriteData, valid in that session at CmdCtr 0, now finds no session.
        #expect(card.send(Self.vector94bWriteData) == hex("919D"))
    }

    @Test func nonFirstWithoutASessionIsRefused() {
        let card = NTAG424Card()
        #expect(card.send("90 77 00 00 01 00 00") == hex("9140"))
        #expect(card.send("90 71 00 00 02 05 00 00") == hex("9140"), "no key 5")
    }

    /// AN12196 §5.4: WriteData of 128 bytes to the NDEF file in Full mode (reference §9.4b).
    static let vector94bWriteData = """
        908D00009F02000000800000421C73A27D827658AF481FDFF20A5025B559D0E3AA21E58D347F343CFFC768BFE596C706BC00F2176781D4B0242642A0FF5A42C4\
        61AAF894D9A1284B8C76BCFA658ACD40555D362E08DB15CF421B51283F9064BCBE20E96CAE545B407C9D651A3315B27373772E5DA2367D2064AE054AF996C6F1\
        F669170FA88CE8C4E3A4A7BBBEF0FD971FF532C3A802AF745660F2B4D1D9A8499661EBF300
        """
}

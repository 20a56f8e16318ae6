import Credentials
@testable import EV2SecureMessaging
import TestSupport
import Testing

/// CommMode MAC and full on AN12196's vectors (reference type4-ntag424.md §9.4).
@Suite("EV2 secure messaging vectors")
struct SecureMessagingVectorTests {
    static let keys91 = (enc: "1309C877509E5A215007FF0ED19CA564", mac: "4C6626F5E72EA694202139295C7A7FC7", ti: "9D00C4DF")
    static let keys92 = (enc: "7A93D6571E4B180FCA6AC90C9A7488D4", mac: "FC4AF159B62E549B5812394CAB1918CC", ti: "7614281A")
    static let ndefTemplate = hex(
        """
        0051D1014D550463686F6F73652E75726C2E636F6D2F6E7461673432343F653D
        3030303030303030303030303030303030303030303030303030303030303030
        26633D30303030303030303030303030303030
        """) + [UInt8](repeating: 0, count: 45)

    @Test("§9.4a GetFileSettings in MAC mode: the MAC sent, the answer's MAC checked, the settings decoded")
    func getFileSettings() throws {
        let script = ScriptedExchange([
            ("90F5000009 02 6597A457C8CD442C 00", "0040EEEE000100D1FE001F00004400004400002000006A0000 2A474282E7A47986 9100")
        ])
        let card = card(script, in: session(enc: Self.keys91.enc, mac: "8248134A386E86EB7FAF54A52E536CB6", ti: "7A21085E", counter: 0))
        let settings = try card.fileSettings(0x02)
        #expect(script.isDone, "\(script.unexpected)")
        #expect(card.session?.commandCounter == 1)
        #expect(settings.communicationMode == .plain && settings.size == 256 && settings.accessRights == EV2AccessRights(rawValue: 0xEEEE))
        let sdm = try #require(settings.sdm)
        #expect(sdm.mirrorsUID && sdm.mirrorsReadCounter && sdm.encryptsFileData && !sdm.limitsReadCounter)
        #expect(sdm.metaRead == 0 && sdm.fileRead == 0 && sdm.counterRetrieval == 0x0E)
        #expect(sdm.piccDataOffset == 31 && sdm.macInputOffset == 68 && sdm.encryptionOffset == 68 && sdm.encryptionLength == 32 && sdm.macOffset == 106)
        #expect(sdm.uidOffset == nil && sdm.readCounterOffset == nil && sdm.readCounterLimit == nil)
        #expect(try settings.changeData() == hex("40 EEEE D1 FE00 1F0000 440000 440000 200000 6A0000"))
    }

    @Test("§9.4b WriteData of 128 bytes to the NDEF file in full mode")
    func writeDataFull128() throws {
        let script = ScriptedExchange([
            (
                """
                908D00009F02000000800000421C73A27D827658AF481FDFF20A5025B559D0E3
                AA21E58D347F343CFFC768BFE596C706BC00F2176781D4B0242642A0FF5A42C4
                61AAF894D9A1284B8C76BCFA658ACD40555D362E08DB15CF421B51283F9064BC
                BE20E96CAE545B407C9D651A3315B27373772E5DA2367D2064AE054AF996C6F1
                F669170FA88CE8C4E3A4A7BBBEF0FD971FF532C3A802AF745660F2B4D1D9A849
                9661EBF300
                """, "FC222E5F7A542452 9100"
            )
        ])
        let session = session(enc: Self.keys91.enc, mac: Self.keys91.mac, ti: Self.keys91.ti, counter: 0)
        #expect(session.iv(response: false) == hex("D2CB7277A17841A06654A48188C1F8F5"))
        let card = card(script, in: session)
        try card.writeData(0x02, offset: 0, Self.ndefTemplate, mode: .full)
        #expect(script.isDone, "\(script.unexpected)")
        #expect(card.session?.commandCounter == 1)
    }

    @Test("§9.4c ChangeFileSettings of file 02 to SDM with encrypted PICCData, in full mode")
    func changeFileSettings() throws {
        let script = ScriptedExchange([
            ("905F0000190261B6D97903566E84C3AE5274467E89EAD799B7C1A0EF7A0400", "57BFF87B1241E93D 9100")
        ])
        let session = session(enc: Self.keys91.enc, mac: Self.keys91.mac, ti: Self.keys91.ti, counter: 1)
        #expect(session.iv(response: false) == hex("3E27082AB2ACC1EF55C57547934E9962"))
        let settings = EV2FileSettings(
            communicationMode: .plain, accessRights: EV2AccessRights(read: 0x0E, write: 0, readWrite: 0, change: 0), size: 256,
            sdm: SDMSettings(
                mirrorsUID: true, mirrorsReadCounter: true, accessRights: EV2AccessRights(rawValue: 0x21F1), piccDataOffset: 32,
                macInputOffset: 67, macOffset: 67))
        #expect(try settings.changeData() == hex("4000E0C1F121200000430000430000"))
        let card = card(script, in: session)
        try card.changeFileSettings(0x02, to: settings)
        #expect(script.isDone, "\(script.unexpected)")
        #expect(card.session?.commandCounter == 2)
    }

    @Test("§9.4d WriteData of 10 bytes to file 03 in full mode")
    func writeDataFull10() throws {
        let script = ScriptedExchange([
            ("908D00001F030000000A00006B5E6804909962FC4E3FF5522CF0F8436C0C53315B9C73AA00", "C26D236E4A7C046D 9100")
        ])
        let card = card(script, in: session(enc: Self.keys92.enc, mac: Self.keys92.mac, ti: Self.keys92.ti, counter: 0))
        try card.writeData(0x03, offset: 0, hex("0102030405060708090A"), mode: .full)
        #expect(script.isDone, "\(script.unexpected)")
    }

    @Test("§9.4e GetCardUID: the full answer's MAC checked, decrypted, padding removed")
    func getCardUID() throws {
        let script = ScriptedExchange([
            ("9051000008 8E2C155ADDA99BE3 00", "70756055688505B52A5E26E59E329CD6 595F672298EA41B7 9100")
        ])
        let card = card(
            script, in: session(enc: "2B4D963C014DC36F24F69A50A394F875", mac: "379D32130CE61705DD5FD8C36B95D764", ti: "DF055522", counter: 0))
        #expect(try card.cardUID() == hex("04958CAA5C5E80"))
        #expect(script.isDone, "\(script.unexpected)")
        #expect(card.session?.commandCounter == 1)
    }

    @Test("§9.4f the command IV")
    func commandIV() {
        let session = session(enc: "7305E2CCA5B0377617CDBFEB96C9B358", mac: "7305E2CCA5B0377617CDBFEB96C9B358", ti: "856C1841", counter: 0)
        #expect(session.iv(response: false) == hex("81DACD2EB2D257FC556E8952DD665B58"))
    }
}

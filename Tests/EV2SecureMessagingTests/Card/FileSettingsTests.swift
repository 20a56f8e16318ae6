@testable import EV2SecureMessaging
import TestSupport
import Testing

/// GetFileSettings decoding and ChangeFileSettings encoding: fields by the SDM conditions,
/// hostile lengths refused by name.
@Suite("EV2 file settings")
struct FileSettingsTests {
    @Test("NTAG 424 DNA's factory settings of its three files decode", arguments: [
        ("000000E0200000", CommunicationMode.plain, UInt16(0xE000), 32),
        ("0000E0EE000100", .plain, 0xEEE0, 256),
        ("00033023800000", .full, 0x2330, 128),
    ])
    func factory(bytes: String, mode: CommunicationMode, rights: UInt16, size: Int) throws {
        let settings = try EV2FileSettings(bytes: hex(bytes))
        #expect(settings.communicationMode == mode && settings.accessRights.rawValue == rights && settings.size == size && settings.sdm == nil)
    }

    @Test("plain UID and counter mirroring carries their offsets, and a limit")
    func plainMirroring() throws {
        let bytes = hex("00 40 E0EE 000100 E1 FEE1 100000 200000 300000 300000 FF0000")
        let settings = try EV2FileSettings(bytes: bytes)
        let sdm = try #require(settings.sdm)
        #expect(sdm.metaRead == 0x0E && sdm.fileRead == 0x01 && sdm.limitsReadCounter)
        #expect(sdm.uidOffset == 16 && sdm.readCounterOffset == 32 && sdm.macInputOffset == 48 && sdm.macOffset == 48 && sdm.readCounterLimit == 255)
        #expect(try settings.changeData() == Array(bytes[1...3] + bytes[7...]))
    }

    @Test("every truncation, trailing bytes and RFU bits are refused")
    func hostile() {
        let bytes = hex("0040EEEE000100D1FE001F00004400004400002000006A0000")
        for length in 0..<bytes.count {
            #expect(throws: SettingsFormatError.self) { try EV2FileSettings(bytes: Array(bytes.prefix(length))) }
        }
        #expect(throws: SettingsFormatError("1 bytes after the settings")) { try EV2FileSettings(bytes: bytes + [0]) }
        #expect(throws: SettingsFormatError("FileOption 44 sets RFU bits")) { try EV2FileSettings(bytes: hex("0044EEEE000100")) }
        #expect(throws: SettingsFormatError("SDMOptions D3 sets RFU bits")) { try EV2FileSettings(bytes: hex("0040EEEE000100D3FE00")) }
    }

    @Test("encoding refuses a field the options need and do not have, or have and do not use")
    func encodingMismatch() {
        var sdm = SDMSettings(mirrorsUID: true, mirrorsReadCounter: true, accessRights: EV2AccessRights(rawValue: 0x21F1), piccDataOffset: 32, macInputOffset: 67)
        var settings = EV2FileSettings(communicationMode: .plain, accessRights: EV2AccessRights(rawValue: 0xE000), size: 256, sdm: sdm)
        #expect(throws: SettingsFormatError("the SDM options call for SDMMACOffset and it is not set")) { try settings.changeData() }
        sdm.macOffset = 67
        sdm.uidOffset = 10
        settings.sdm = sdm
        #expect(throws: SettingsFormatError("UIDOffset is set but the SDM options do not use it")) { try settings.changeData() }
        sdm.uidOffset = nil
        sdm.macOffset = 0x100_0000
        settings.sdm = sdm
        #expect(throws: SettingsFormatError("SDMMACOffset 16777216 does not fit 3 bytes")) { try settings.changeData() }
    }

    @Test("ChangeFileSettings with settings that do not encode sends nothing")
    func invalidSettingsNotSent() {
        let script = ScriptedExchange([])
        let settings = EV2FileSettings(
            communicationMode: .plain, accessRights: EV2AccessRights(rawValue: 0xE000), size: 256,
            sdm: SDMSettings(mirrorsUID: true, mirrorsReadCounter: false, accessRights: EV2AccessRights(rawValue: 0xEFFF)))
        #expect(throws: EV2Error.invalidArgument("the SDM options call for UIDOffset and it is not set", step: "ChangeFileSettings 02")) {
            try card(script).changeFileSettings(0x02, to: settings)
        }
        #expect(script.sent.isEmpty)
    }
}

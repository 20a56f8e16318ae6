import DESFire
import ISO7816
import Testing
import TestSupport

/// Answers no genuine DESFire gives, from scripted cards: each is a clear error, and nothing
/// is written after one.
struct DESFireHostileAnswerTests {
    static let version = [
        ("90 60 00 00 00", Optional("04 01 01 01 00 18 05 91 AF")),
        ("90 AF 00 00 00", Optional("04 01 01 01 04 18 05 91 AF")),
        ("90 AF 00 00 00", Optional("04 DE 5F 1E 00 00 01 BA 7C 40 00 01 30 19 91 00")),
    ]
    static let piccLevel = [
        ("90 5A 00 00 03 00 00 00 00", Optional("91 00")),
        ("90 45 00 00 00", Optional("0F 01 91 00")),
        ("90 6A 00 00 00", Optional("91 00")),
    ]

    static func format(_ steps: [(String, String?)]) -> (ScriptedExchange, Result<DESFireNDEFFormat, DESFireError>) {
        let exchange = ScriptedExchange(steps)
        let card = DESFireCard(exchange: exchange)
        do throws(DESFireError) { return (exchange, .success(try card.formatForNDEF())) } catch { return (exchange, .failure(error)) }
    }

    @Test func anAnswerThatChainsWithoutEndIsCutOff() {
        let steps = [("90 60 00 00 00", Optional("04 01 01 01 00 18 05 91 AF"))]
            + Array(repeating: ("90 AF 00 00 00", Optional("04 01 01 01 00 18 05 91 AF")), count: 2)
        let (exchange, result) = Self.format(steps)
        #expect(result == .failure(.endlessAnswer(frames: 3, step: "GetVersion")))
        #expect(exchange.isDone)
    }

    @Test func aCommandThatAnswersNothingIsNotFollowedPastOneFrame() {
        let steps = Self.version + [("90 5A 00 00 03 00 00 00 00", Optional("91 AF"))]
        let (exchange, result) = Self.format(steps)
        #expect(result == .failure(.endlessAnswer(frames: 1, step: "SelectApplication 000000")))
        #expect(exchange.isDone)
    }

    @Test(arguments: [
        ("04 01 01 01 00 18 91 AF", "parts of 6 and 7 bytes, 7 each expected"),
        ("04 01 01 01 00 18 05 FF 91 AF", "parts of 8 and 7 bytes, 7 each expected"),
    ])
    func aVersionPartOfTheWrongLengthIsMalformed(_ first: String, _ problem: String) {
        let (_, result) = Self.format([("90 60 00 00 00", first), Self.version[1], Self.version[2]])
        #expect(result == .failure(.malformedAnswer(problem, step: "GetVersion")))
    }

    @Test func anISOStatusWordMeansNotADESFire() {
        let (_, result) = Self.format([("90 60 00 00 00", "6D 00")])
        #expect(result == .failure(.notNative(StatusWord(0x6D, 0x00), step: "GetVersion")))
    }

    @Test func anEV0AndAnotherVendorAreRefusedBeforeAnythingIsWritten() {
        let ev0 = [("90 60 00 00 00", Optional("04 01 01 00 02 18 05 91 AF")), Self.version[1], Self.version[2]]
        guard case .failure(.unsupportedCard(let reason)) = Self.format(ev0).1 else { Issue.record("EV0 accepted"); return }
        #expect(reason.contains("EV0"))
        let other = [("90 60 00 00 00", Optional("05 01 01 01 00 18 05 91 AF")), Self.version[1], Self.version[2]]
        guard case .failure(.unsupportedCard) = Self.format(other).1 else { Issue.record("vendor 05 accepted"); return }
    }

    @Test func aStorageByteOfFFIsCappedNotOverflowed() {
        let steps = [("90 60 00 00 00", Optional("04 01 01 01 00 FF 05 91 AF")), Self.version[1], Self.version[2]] + Self.piccLevel + [
            ("90 CA 00 00 0E 01 00 00 0F 21 10 E1 D2 76 00 00 85 01 01 00", Optional("91 00")),
            ("90 5A 00 00 03 01 00 00 00", "91 00"),
            ("90 CD 00 00 09 01 03 E1 00 E0 EE 0F 00 00 00", "91 00"),
            ("90 CD 00 00 09 02 04 E1 00 E0 EE 00 1E 00 00", "91 0E"),
        ]
        let (exchange, result) = Self.format(steps)
        #expect(exchange.isDone)
        guard case .failure(.insufficientMemory(let reason)) = result else { Issue.record("\(result)"); return }
        #expect(reason.hasPrefix("CreateStdDataFile 02 (E104) answered 91 0E (out of memory)"))
    }

    @Test func aSmallStorageIsRefusedBeforeAnythingIsSent() {
        let steps = [("90 60 00 00 00", Optional("04 01 01 01 00 12 05 91 AF")), Self.version[1], Self.version[2]]
        let (exchange, result) = Self.format(steps)
        #expect(exchange.isDone)
        guard case .failure(.insufficientMemory(let reason)) = result else { Issue.record("\(result)"); return }
        #expect(reason.hasPrefix("GetVersion announces 512 bytes"))
    }

    @Test func anApplicationListOfTheWrongLengthIsMalformed() {
        let steps = Self.version + [Self.piccLevel[0], Self.piccLevel[1], ("90 6A 00 00 00", "01 00 00 02 91 00")]
        #expect(Self.format(steps).1 == .failure(.malformedAnswer("4 bytes, not 3 for each application", step: "GetApplicationIDs")))
    }

    @Test func aListingBehindTheMasterKeyNeedsTheMasterKey() {
        let steps = Self.version + [Self.piccLevel[0], ("90 45 00 00 00", "09 01 91 00"), ("90 6A 00 00 00", "91 AE")]
        #expect(Self.format(steps).1 == .failure(.needsMasterKey(keySettings: 0x09)))
    }

    @Test func keySettingsOfOneByteAreMalformed() {
        let steps = Self.version + [Self.piccLevel[0], ("90 45 00 00 00", "0F 91 00")]
        #expect(Self.format(steps).1 == .failure(.malformedAnswer("1 bytes, 2 expected", step: "GetKeySettings")))
    }

    @Test func decodersRefuseWhatTheyCannotRead() {
        #expect(throws: DESFireError.self) { try DESFireFileSettings(bytes: [0x02, 0, 0, 0, 0, 0, 0]) }
        #expect(throws: DESFireError.self) { try DESFireFileSettings(bytes: [0x00, 0, 0]) }
        #expect(throws: DESFireError.self) { try DESFireVersion(frames: [[0x04]]) }
        let settings = try? DESFireFileSettings(bytes: [0x00, 0x00, 0xE0, 0xEE, 0x00, 0x0E, 0x00])
        #expect(settings?.size == 3584 && settings?.accessRights == 0xEEE0)
    }
}

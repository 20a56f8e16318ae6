import NFCCore
import TestSupport
import Testing
@testable import NFCTags

/// The NTAG 424 DNA's parts (its data sheet) and a production part.
private let hardwarePart = hex("04 04 02 30 00 11 05")
private let softwarePart = hex("04 04 02 01 02 11 05")
private let productionPart = hex("04 45 1C 9A 6E 71 80 CF 39 A1 4C 30 37 21")
private let moreToCome: [UInt8] = [0x91, 0xAF]
private let lastPart: [UInt8] = [0x91, 0x00]

/// The three wrapped answers, each replaceable.
private func versionAnswers(
    _ first: [UInt8] = hardwarePart + moreToCome, software second: [UInt8] = softwarePart + moreToCome,
    third: [UInt8] = productionPart + lastPart
) -> [[UInt8]] {
    [first, second, third]
}

@Suite("NXP GetVersion answers: status words and lengths checked")
struct NXPCardVersionTests {
    @Test func threeWellFormedAnswersAreAVersion() throws {
        let version = try NXPCardVersion(answers: versionAnswers())
        #expect(version.hardware.bytes == hardwarePart)
        #expect(version.hardware.vendor == 0x04)
        #expect(version.hardware.type == 0x04)
        #expect(version.hardware.subtype == 0x02)
        #expect(version.hardware.majorVersion == 0x30)
        #expect(version.hardware.storageSize == 0x11)
        #expect(version.software.minorVersion == 0x02)
        #expect(version.uid == hex("04 45 1C 9A 6E 71 80"))
        #expect(version.bytes == hardwarePart + softwarePart + productionPart)
    }

    @Test func aProductionPartWithFabKeyIDIsKept() throws {
        let version = try NXPCardVersion(answers: versionAnswers(third: productionPart + [0x1F] + lastPart))
        #expect(version.production.count == 15)
    }

    @Test(arguments: [
        (versionAnswers(Array(hardwarePart.dropLast()) + moreToCome), NXPCardVersionError.length(part: 1, count: 6)),
        (versionAnswers(hardwarePart + [0x00] + moreToCome), .length(part: 1, count: 8)),
        (versionAnswers(software: Array(softwarePart.prefix(3)) + moreToCome), .length(part: 2, count: 3)),
        (versionAnswers(third: Array(productionPart.dropLast()) + lastPart), .length(part: 3, count: 13)),
        (versionAnswers(third: productionPart + [0x1F, 0x00] + lastPart), .length(part: 3, count: 16)),
        (versionAnswers(third: [0x91]), .noStatus(part: 3)),
        (versionAnswers([]), .noStatus(part: 1)),
        (versionAnswers([0x91, 0xAE]), .status(part: 1, 0x91AE)),
        (versionAnswers(software: [0x91, 0xAE]), .status(part: 2, 0x91AE)),
        (versionAnswers([0x6D, 0x00]), .status(part: 1, 0x6D00)),
        (versionAnswers([0x6E, 0x00]), .status(part: 1, 0x6E00)),
        (versionAnswers(hardwarePart + lastPart), .status(part: 1, 0x9100)),
        (versionAnswers(third: productionPart + moreToCome), .status(part: 3, 0x91AF)),
    ])
    func oddAnswersAreRefusedNamingThePart(_ answers: [[UInt8]], _ expected: NXPCardVersionError) {
        #expect(throws: expected) { try NXPCardVersion(answers: answers) }
    }

    @Test func anotherNumberOfAnswersIsRefused() {
        #expect(throws: NXPCardVersionError.answerCount(2)) { try NXPCardVersion(answers: Array(versionAnswers().prefix(2))) }
        #expect(throws: NXPCardVersionError.answerCount(4)) { try NXPCardVersion(answers: versionAnswers() + [lastPart]) }
    }

    @Test func errorsSayWhichPartAndWhat() {
        #expect(NXPCardVersionError.status(part: 1, 0x91AE).description == "GetVersion part 1: status 91AE")
        #expect(NXPCardVersionError.length(part: 3, count: 13).description == "GetVersion part 3: 13 bytes of data")
    }
}

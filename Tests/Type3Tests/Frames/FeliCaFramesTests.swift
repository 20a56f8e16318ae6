import Type3
import Testing

/// The typed FeliCa commands' frames, and their answers as a hostile card could send them:
/// every count and length is checked before a byte is taken.
@Suite struct FeliCaFramesTests {
    private let idm: [UInt8] = [0x01, 0x2E, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66]
    private let pmm: [UInt8] = [0x00, 0xF1, 0x00, 0x00, 0x00, 0x01, 0x43, 0x00]

    /// The kind of the `FeliCaFrameError` that `body` throws; nil when it throws none.
    private func kind(_ body: () throws -> Void) -> FeliCaFrameError.Kind? {
        do { try body() } catch { return (error as? FeliCaFrameError)?.kind }
        return nil
    }

    @Test func commandPacketsFollowTheFeliCaFrames() throws {
        #expect(try FeliCaFrames.polling(systemCode: [0x12, 0xFC], requestCode: 1, timeSlot: 15) == [0x00, 0x12, 0xFC, 0x01, 0x0F])
        #expect(try FeliCaFrames.requestService(idm: idm, nodeCodeList: [[0x0B, 0x00]]) == [0x02] + idm + [0x01, 0x0B, 0x00])
        #expect(FeliCaFrames.requestResponse(idm: idm) == [0x04] + idm)
        #expect(
            try FeliCaFrames.readWithoutEncryption(idm: idm, serviceCodeList: [[0x0B, 0x00]], blockList: [[0x80, 0x00], [0x00, 0x23, 0x01]])
                == [0x06] + idm + [0x01, 0x0B, 0x00, 0x02, 0x80, 0x00, 0x00, 0x23, 0x01])
        let data = [UInt8](repeating: 0xAB, count: 16)
        #expect(
            try FeliCaFrames.writeWithoutEncryption(idm: idm, serviceCodeList: [[0x09, 0x00]], blockList: [[0x80, 0x01]], blockData: [data])
                == [0x08] + idm + [0x01, 0x09, 0x00, 0x01, 0x80, 0x01] + data)
        #expect(FeliCaFrames.requestSystemCode(idm: idm) == [0x0C] + idm)
    }

    @Test func argumentsOfTheWrongSizeAreArgumentErrors() {
        let block = [UInt8](repeating: 0, count: 16)
        let builds: [(String, () throws -> Void)] = [
            ("a 1-byte system code", { _ = try FeliCaFrames.polling(systemCode: [0x12], requestCode: 0, timeSlot: 0) }),
            ("no node", { _ = try FeliCaFrames.requestService(idm: idm, nodeCodeList: []) }),
            ("33 nodes", { _ = try FeliCaFrames.requestService(idm: idm, nodeCodeList: Array(repeating: [0x0B, 0x00], count: 33)) }),
            ("a 3-byte service code", { _ = try FeliCaFrames.readWithoutEncryption(idm: idm, serviceCodeList: [[0x0B, 0x00, 0x00]], blockList: [[0x80, 0x00]]) }),
            ("17 services", { _ = try FeliCaFrames.readWithoutEncryption(idm: idm, serviceCodeList: Array(repeating: [0x0B, 0x00], count: 17), blockList: [[0x80, 0x00]]) }),
            ("no block", { _ = try FeliCaFrames.readWithoutEncryption(idm: idm, serviceCodeList: [[0x0B, 0x00]], blockList: []) }),
            ("a 2-byte element without its flag", { _ = try FeliCaFrames.readWithoutEncryption(idm: idm, serviceCodeList: [[0x0B, 0x00]], blockList: [[0x00, 0x01]]) }),
            ("a 3-byte element with the flag", { _ = try FeliCaFrames.readWithoutEncryption(idm: idm, serviceCodeList: [[0x0B, 0x00]], blockList: [[0x80, 0x01, 0x00]]) }),
            ("a 1-byte element", { _ = try FeliCaFrames.readWithoutEncryption(idm: idm, serviceCodeList: [[0x0B, 0x00]], blockList: [[0x80]]) }),
            ("fewer blocks than elements", {
                _ = try FeliCaFrames.writeWithoutEncryption(idm: idm, serviceCodeList: [[0x09, 0x00]], blockList: [[0x80, 0x01], [0x80, 0x02]], blockData: [block])
            }),
            ("a short block", {
                _ = try FeliCaFrames.writeWithoutEncryption(idm: idm, serviceCodeList: [[0x09, 0x00]], blockList: [[0x80, 0x01]], blockData: [[0x00]])
            }),
        ]
        for (name, build) in builds {
            #expect(kind(build) == .argument, "\(name)")
        }
    }

    @Test func wellFormedAnswersAreRead() throws {
        #expect(try FeliCaFrames.pollingAnswer([0x01] + idm + pmm) == (pmm, []))
        #expect(try FeliCaFrames.pollingAnswer([0x01] + idm + pmm + [0x12, 0xFC]) == (pmm, [0x12, 0xFC]))
        #expect(try FeliCaFrames.requestServiceAnswer([0x03] + idm + [0x02, 0x00, 0x00, 0xFF, 0xFF], idm: idm, count: 2) == [[0x00, 0x00], [0xFF, 0xFF]])
        #expect(try FeliCaFrames.requestResponseAnswer([0x05] + idm + [0x00], idm: idm) == 0)
        let block = [UInt8](repeating: 7, count: 16)
        let read = try FeliCaFrames.readAnswer([0x07] + idm + [0x00, 0x00, 0x01] + block, idm: idm, count: 1)
        #expect(read.statusFlag1 == 0 && read.blockData == [block])
        let refused = try FeliCaFrames.readAnswer([0x07] + idm + [0xFF, 0xA8], idm: idm, count: 1)
        #expect(refused.statusFlag1 == 0xFF && refused.statusFlag2 == 0xA8 && refused.blockData.isEmpty)
        #expect(try FeliCaFrames.writeAnswer([0x09] + idm + [0x00, 0x00], idm: idm) == (0, 0))
        #expect(try FeliCaFrames.requestSystemCodeAnswer([0x0D] + idm + [0x01, 0x88, 0xB4], idm: idm) == [[0x88, 0xB4]])
    }

    @Test(arguments: [
        [UInt8](),
        [0x01],
        [0x01, 0x01, 0x2E],
        [0x02, 0x01, 0x2E, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x00, 0xF1, 0x00, 0x00, 0x00, 0x01, 0x43, 0x00],
        [0x01, 0x01, 0x2E, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x00, 0xF1, 0x00, 0x00, 0x00, 0x01, 0x43, 0x00, 0x12],
    ])
    func aPollingAnswerOfAnotherShapeIsAResponseError(_ packet: [UInt8]) {
        #expect(kind { _ = try FeliCaFrames.pollingAnswer(packet) } == .answer)
    }

    @Test func answersWhoseCountsOrIDmDisagreeAreResponseErrors() {
        let otherIDm: [UInt8] = [0x01, 0x2E, 0, 0, 0, 0, 0, 0]
        let block = [UInt8](repeating: 7, count: 16)
        let answers: [(String, () throws -> Void)] = [
            ("short", { _ = try FeliCaFrames.requestResponseAnswer([0x05] + idm.prefix(4), idm: idm) }),
            ("another IDm", { _ = try FeliCaFrames.requestResponseAnswer([0x05] + otherIDm + [0x00], idm: idm) }),
            ("another code", { _ = try FeliCaFrames.requestResponseAnswer([0x07] + idm + [0x00], idm: idm) }),
            ("a trailing byte", { _ = try FeliCaFrames.requestResponseAnswer([0x05] + idm + [0x00, 0x00], idm: idm) }),
            ("fewer versions than nodes", { _ = try FeliCaFrames.requestServiceAnswer([0x03] + idm + [0x02, 0x00, 0x00], idm: idm, count: 2) }),
            ("a count that lies", { _ = try FeliCaFrames.requestServiceAnswer([0x03] + idm + [0xFF, 0x00, 0x00], idm: idm, count: 1) }),
            ("no status flags", { _ = try FeliCaFrames.readAnswer([0x07] + idm, idm: idm, count: 1) }),
            ("no block count", { _ = try FeliCaFrames.readAnswer([0x07] + idm + [0x00, 0x00], idm: idm, count: 1) }),
            ("a block count that lies", { _ = try FeliCaFrames.readAnswer([0x07] + idm + [0x00, 0x00, 0x02] + block, idm: idm, count: 2) }),
            ("another block count", { _ = try FeliCaFrames.readAnswer([0x07] + idm + [0x00, 0x00, 0x01] + block, idm: idm, count: 2) }),
            ("a short block", { _ = try FeliCaFrames.readAnswer([0x07] + idm + [0x00, 0x00, 0x01] + block.prefix(15), idm: idm, count: 1) }),
            ("a write answer with data", { _ = try FeliCaFrames.writeAnswer([0x09] + idm + [0x00, 0x00, 0x00], idm: idm) }),
            ("no system code", { _ = try FeliCaFrames.requestSystemCodeAnswer([0x0D] + idm + [0x00], idm: idm) }),
            ("a system-code count that lies", { _ = try FeliCaFrames.requestSystemCodeAnswer([0x0D] + idm + [0x03, 0x88, 0xB4], idm: idm) }),
        ]
        for (name, answer) in answers {
            #expect(kind(answer) == .answer, "\(name)")
        }
    }
}

import Testing
@testable import NFCReader

@Suite struct NFCISO7816APDUTests {
    private func apdu(data: [UInt8] = [], le: Int) -> NFCISO7816APDU {
        NFCISO7816APDU(instructionClass: 0x00, instructionCode: 0xA4, p1Parameter: 0x04, p2Parameter: 0x0C, data: data, expectedResponseLength: le)
    }

    @Test func theFourShortCasesAreEncodedAsISO7816Says() {
        #expect(apdu(le: -1).bytes == [0x00, 0xA4, 0x04, 0x0C])
        #expect(apdu(le: 16).bytes == [0x00, 0xA4, 0x04, 0x0C, 0x10])
        #expect(apdu(le: 256).bytes == [0x00, 0xA4, 0x04, 0x0C, 0x00])
        #expect(apdu(data: [0xE1, 0x03], le: -1).bytes == [0x00, 0xA4, 0x04, 0x0C, 0x02, 0xE1, 0x03])
        #expect(apdu(data: [0xE1, 0x03], le: 256).bytes == [0x00, 0xA4, 0x04, 0x0C, 0x02, 0xE1, 0x03, 0x00])
    }

    @Test(arguments: [0, 257, -2, 65_536])
    func anExpectedLengthWithoutAShortFormHasNoBytes(_ le: Int) {
        #expect(apdu(le: le).bytes == nil)
    }

    @Test func moreThan255DataBytesHaveNoShortForm() {
        #expect(apdu(data: [UInt8](repeating: 0, count: 255), le: -1).bytes?.count == 260)
        #expect(apdu(data: [UInt8](repeating: 0, count: 256), le: -1).bytes == nil)
    }

    @Test func aResponseSplitsIntoDataAndStatusWord() throws {
        let response = try NFCISO7816Tag.response([0x01, 0x02, 0x90, 0x00])
        #expect(response.responseData == [0x01, 0x02] && response.sw1 == 0x90 && response.sw2 == 0x00)
        let statusOnly = try NFCISO7816Tag.response([0x6A, 0x82])
        #expect(statusOnly.responseData.isEmpty && statusOnly.sw1 == 0x6A && statusOnly.sw2 == 0x82)
    }

    @Test(arguments: [[], [0x90]] as [[UInt8]])
    func aResponseShorterThanAStatusWordIsTagResponseError(_ answer: [UInt8]) {
        var code: NFCReaderError.Code?
        do throws(NFCReaderError) { _ = try NFCISO7816Tag.response(answer) } catch { code = error.code }
        #expect(code == .readerTransceiveErrorTagResponseError)
    }

    @Test func aFeliCaResponseLosesItsLengthByte() throws {
        #expect(try NFCFeliCaTag.packet([0x03, 0x05, 0x00]) == [0x05, 0x00])
    }

    @Test(arguments: [[], [0x01], [0x04, 0x05, 0x00], [0x02, 0x05, 0x00], [0x00]] as [[UInt8]])
    func aFeliCaResponseWhoseLengthByteDoesNotMatchIsTagResponseError(_ frame: [UInt8]) {
        var code: NFCReaderError.Code?
        do throws(NFCReaderError) { _ = try NFCFeliCaTag.packet(frame) } catch { code = error.code }
        #expect(code == .readerTransceiveErrorTagResponseError)
    }
}

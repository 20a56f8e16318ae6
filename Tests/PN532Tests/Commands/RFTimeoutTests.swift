import Testing
@testable import PN532

@Suite("RF timeouts of RFConfiguration")
struct RFTimeoutTests {
    @Test func codesDoubleFrom100Microseconds() {
        #expect(RFTimeout.none.microseconds == nil)
        #expect(RFTimeout(rawValue: 0x01)?.microseconds == 100)
        #expect(RFTimeout(rawValue: 0x02)?.microseconds == 200)
        #expect(RFTimeout.defaultCommunication.microseconds == 51_200)
        #expect(RFTimeout.defaultATRResponse.microseconds == 102_400)
        #expect(RFTimeout(rawValue: 0x10)?.microseconds == 3_276_800)
    }

    @Test func codesAbove16AreRejected() {
        #expect(RFTimeout(rawValue: 0x11) == nil)
        #expect(RFTimeout(rawValue: 0xFF) == nil)
    }

    @Test func descriptionGivesTheDuration() {
        #expect(RFTimeout.none.description == "no timeout")
        #expect(RFTimeout(rawValue: 0x03)?.description == "400 µs")
        #expect(RFTimeout.defaultCommunication.description == "51.2 ms")
    }
}

import Basics
import Testing

@Suite("ASCIINumber: the one parser of numbers from outside text")
struct ASCIINumberTests {
    @Test func digitsOfTheRadixOnly() {
        #expect(ASCIINumber.parse("115200", as: Int.self) == 115_200)
        #expect(ASCIINumber.parse("0", as: Int.self) == 0)
        #expect(ASCIINumber.parse("2a", radix: 16, as: Int.self) == 0x2A)
        #expect(ASCIINumber.parse("FF", radix: 16, as: UInt8.self) == 0xFF)
        #expect(ASCIINumber.parse("101", radix: 2, as: Int.self) == 5)
        #expect(ASCIINumber.parse("2", radix: 2, as: Int.self) == nil)
        #expect(ASCIINumber.parse("a", as: Int.self) == nil)
    }

    @Test(arguments: ["", "+5", "-5", " 5", "5 ", "５", "٣", "0x10", "1_000", "ＦＦ"])
    func anythingElseIsRefused(text: String) {
        #expect(ASCIINumber.parse(text, as: Int.self) == nil)
        #expect(ASCIINumber.parse(text, radix: 16, as: Int.self) == nil)
    }

    @Test func valuesThatDoNotFitAreRefused() {
        #expect(ASCIINumber.parse("255", as: UInt8.self) == 255)
        #expect(ASCIINumber.parse("256", as: UInt8.self) == nil)
        #expect(ASCIINumber.parse("9223372036854775807", as: Int64.self) == .max)
        #expect(ASCIINumber.parse("9223372036854775808", as: Int64.self) == nil)
        #expect(ASCIINumber.parse("99999999999999999999", as: UInt64.self) == nil)
    }
}

import TOML
import Testing

@Suite("TOMLDocument: where each key stands, from the one parse")
struct TOMLDocumentTests {
    static let text = """
        board = "rpi4"

        [reader]
        device = "/dev/serial0"
        irq = { line = "GPIO4", active_low = true }

        [[users]]
        name = "a"
        """

    @Test func dottedKeysFindTheirValuesLines() throws {
        let document = try TOMLDocument.parse(Self.text, file: "door.toml")
        #expect(document.file == "door.toml")
        #expect(document.line(of: "board") == 1)
        #expect(document.line(of: "reader") == 3)
        #expect(document.line(of: "reader.device") == 4)
        #expect(document.line(of: "reader.irq.active_low") == 5)
        #expect(document.value(at: "reader.device")?.kind == .string("/dev/serial0"))
    }

    @Test(arguments: ["reader.baud", "gpio.chip", "board.name", "users.name", "", "reader."])
    func keysTheDocumentDoesNotSetHaveNoLine(keyPath: String) throws {
        let document = try TOMLDocument.parse(Self.text, file: "door.toml")
        #expect(document.line(of: keyPath) == nil)
    }

    @Test func errorsAreTheParsersErrors() {
        #expect(throws: TOMLError.self) { try TOMLDocument.parse("a = ", file: "door.toml") }
    }
}

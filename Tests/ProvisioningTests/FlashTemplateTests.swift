import Testing

@testable import Provisioning

@Suite("Flash templates: {uid}, {seq}, {col:NAME}")
struct FlashTemplateTests {
    private let values = FlashTemplate.Values(uid: "04A1B2C3D4E5F6", seq: 7, columns: ["room": "101", "name": "Ada"])

    @Test func placeholdersAreFilledIn() throws {
        let template = try FlashTemplate("https://example.com/t/{uid}?n={seq}&room={col:room}")
        #expect(template.render(values) == "https://example.com/t/04A1B2C3D4E5F6?n=7&room=101")
        #expect(template.columns == ["room"])
        #expect(template.hasPlaceholders)
    }

    @Test func doubledBracesAreLiteral() throws {
        let template = try FlashTemplate("{{\"user\": \"{col:name}\"}}")
        #expect(template.render(values) == "{\"user\": \"Ada\"}")
        #expect(try !FlashTemplate("--text").hasPlaceholders)
        #expect(try FlashTemplate("").render(values) == "")
    }

    @Test(arguments: [
        ("{serial}", "unknown placeholder {serial}"),
        ("{col:}", "unknown placeholder {col:}"),
        ("x{uid", "a '{' is not closed"),
        ("x}", "a '}' without '{'"),
    ])
    func badTemplatesAreTemplateErrors(_ text: String, _ message: String) {
        do throws(ProvisioningError) {
            _ = try FlashTemplate(text)
            Issue.record("'\(text)' was accepted")
        } catch {
            guard case .template(let template, _) = error else {
                Issue.record("'\(text)' failed with \(error)")
                return
            }
            #expect(template == text)
            #expect(error.description.contains(message))
        }
    }
}

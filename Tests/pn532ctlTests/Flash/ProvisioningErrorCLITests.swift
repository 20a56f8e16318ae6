import Provisioning
import Testing

@testable import pn532ctl

/// The exit statuses `pn532ctl flash` gives the provisioning library's errors, with their messages.
@Suite("Flash errors on the command line")
struct ProvisioningErrorCLITests {
    @Test(arguments: [
        ("{serial}", "unknown placeholder {serial}"),
        ("{col:}", "unknown placeholder {col:}"),
        ("x{uid", "a '{' is not closed"),
        ("x}", "a '}' without '{'"),
    ])
    func badTemplatesAreUsageErrors(_ text: String, _ message: String) {
        do throws(ProvisioningError) {
            _ = try FlashTemplate(text)
            Issue.record("'\(text)' was accepted")
        } catch {
            let cli = CLIError(error)
            #expect(cli.exitCode == .usage)
            #expect(cli.message.contains(message))
        }
    }

    @Test func anotherCSVFileAsTheReportIsADataError() {
        let cli = CLIError(.notAReport(path: "users.csv", header: ["name", "room"]))
        #expect(cli.exitCode == .dataError)
        #expect(cli.message.contains("is not a flash report"))
    }

    @Test func aCSVRowKeepsItsErrorsStatus() {
        let inner = ProvisioningError.recordWords(CLIError.usage("--lang needs a language code, such as en or de-CH"))
        let cli = CLIError(.row(csvName: "people.csv", row: 2, inner))
        #expect(cli.exitCode == .usage)
        #expect(cli.message == "people.csv row 2: --lang needs a language code, such as en or de-CH")
    }
}

import Testing

@testable import pn532ctl

/// The error kinds of `--json`: the schema file lists exactly the program's, and each exit
/// code gives the kind the README names for it.
@Suite("--json error kinds")
struct ErrorKindTests {
    @Test func theSchemaListsExactlyTheProgramsKinds() throws {
        let text = try String(contentsOfFile: JSONSchemaTests.schemaPath, encoding: .utf8)
        guard case .object(let root) = try JSONDocument(parsing: text), case .object(let definitions)? = root["$defs"],
              case .object(let error)? = definitions["error"], case .object(let properties)? = error["properties"],
              case .object(let body)? = properties["error"], case .object(let members)? = body["properties"],
              case .object(let kind)? = members["kind"], case .array(let values)? = kind["enum"]
        else {
            Issue.record("no $defs.error.properties.error.properties.kind.enum in the schema")
            return
        }
        #expect(values == ErrorKind.allCases.map { .string($0.rawValue) })
    }

    @Test(arguments: [
        (Int32(1), ErrorKind.failed), (64, .usage), (65, .data), (66, .noInput), (69, .unavailable), (74, .io), (75, .busy),
        (77, .permission), (78, .config), (129, .interrupted), (130, .interrupted), (143, .interrupted),
    ])
    func eachExitCodeHasItsKind(_ code: Int32, _ kind: ErrorKind) {
        #expect(ErrorKind(exitCode: code) == kind)
    }

    @Test func aRefusalAndAMissingConfirmationSayWhatTheyAre() {
        #expect(CLIError.refused("wrong password").kind == .refused)
        #expect(CLIError.refused("wrong password").exitCode.rawValue == 1)
        let confirmation = CLIError.needsConfirmation("locking is irreversible")
        #expect(confirmation.exitCode.rawValue == 64)
        #expect(confirmation.message == "locking is irreversible: add --yes to confirm")
    }
}

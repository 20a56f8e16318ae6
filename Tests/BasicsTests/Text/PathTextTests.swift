import Basics
import Testing

struct PathTextTests {
    @Test(arguments: [
        ("/var/log/pn532ctl/audit.jsonl", "/var/log/pn532ctl"),
        ("/audit.jsonl", "/"),
        ("audit.jsonl", "."),
        ("state/counters", "state"),
    ])
    func theDirectoryIsWhatStandsBeforeTheLastSlash(path: String, directory: String) {
        #expect(PathText.directory(of: path) == directory)
    }
}

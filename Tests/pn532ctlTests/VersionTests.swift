import Foundation
import Testing

@Suite("pn532ctl --version")
struct VersionTests {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `git` in the repository this test was built from, as the build plugin runs it; nil when
    /// git fails (no git, or not a clone).
    static func git(_ arguments: [String]) throws -> String? {
        let result = try runProgram("git", ["-C", repository.path] + arguments)
        guard result.status == 0 else { return nil }
        return result.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func namesTheCommitTheBinaryWasBuiltFrom() throws {
        let result = try pn532ctl(["--version"])
        #expect(result.status == 0)
        let line = result.output.trimmingCharacters(in: .newlines)
        let match = try #require(line.firstMatch(of: /^(\d+\.\d+\.\d+) \(commit ([0-9a-f]{12}|unknown)(, dirty)?\)$/), "\(line)")
        let commit = String(match.output.2)
        guard try Self.git(["rev-parse", "--show-prefix"]) == "", let head = try Self.git(["rev-parse", "HEAD"]) else {
            #expect(commit == "unknown", "built outside a git clone, yet the binary names \(commit)")
            return
        }
        let short = try #require(try Self.git(["rev-parse", "--short", "HEAD"]))
        #expect(line.contains(short), "HEAD is \(head), the binary says \(line)")
        #expect(head.hasPrefix(commit))
        let status = try #require(try Self.git(["status", "--porcelain"]))
        #expect((match.output.3 != nil) == !status.isEmpty, "the tree is \(status.isEmpty ? "clean" : "modified"), the binary says \(line): rebuild after editing")
    }

    /// The README tells Swift developers to depend on the release the binary reports. Whether
    /// the repository carries that release as a tag is not checked here: a clone need not carry
    /// tags (CI's does not), so tagging is part of making a release, not of the tree.
    @Test func theReadmesPackageLineNamesThisRelease() throws {
        let line = try pn532ctl(["--version"]).output
        let release = String(line.prefix { $0 != " " })
        let readme = String(decoding: try Data(contentsOf: Self.repository.appendingPathComponent("README.md")), as: UTF8.self)
        #expect(readme.contains(".package(url: \"https://github.com/pn532ctl/pn532ctl.git\", from: \"\(release)\")"),
                "the README's .package line does not name \(release)")
    }

    @Test func subcommandsKnowTheVersionToo() throws {
        let root = try pn532ctl(["--version"])
        let door = try pn532ctl(["door", "--version"])
        #expect(door.status == 0)
        #expect(door.output == root.output)
    }
}

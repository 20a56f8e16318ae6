import Foundation
import PackagePlugin

/// Writes the git commit the package is built from into the `BuildInfo` target, for
/// `pn532ctl --version`. The command (one `git rev-parse` and one `git status`, a few
/// milliseconds) runs again when git's HEAD, reflog or index changes (a commit, checkout,
/// merge, reset or `git add`) or any file of the package's targets does (an edit makes the
/// tree dirty); it rewrites the generated file only when its text changes, so BuildInfo is
/// recompiled only after a change. Without git, or outside a clone (a source tarball), the
/// commit is "unknown".
@main
struct BuildInfoPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let package = context.package.directoryURL
        let output = context.pluginWorkDirectoryURL.appending(path: "generated")
        let sources = context.package.targets.compactMap { $0.sourceModule }
            .flatMap { $0.sourceFiles.map(\.url) }
        let watched = [package.appending(path: "Package.swift")] + Self.gitFiles(of: package) + sources
        return [
            .buildCommand(
                displayName: "Reading the git commit for --version",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: [
                    "-c", Self.script, "build-info",
                    package.path(percentEncoded: false),
                    output.path(percentEncoded: false),
                ],
                inputFiles: watched.filter { FileManager.default.fileExists(atPath: $0.path(percentEncoded: false)) },
                outputFiles: [output.appending(path: "BuildInfo.generated.swift")]
            )
        ]
    }

    /// The files git changes on a commit, checkout, merge, reset or `git add`: HEAD, its
    /// reflog and the index, in the clone's git directory (`.git`, or the directory a
    /// worktree's `.git` file names).
    static func gitFiles(of package: URL) -> [URL] {
        let dotGit = package.appending(path: ".git")
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: dotGit.path(percentEncoded: false), isDirectory: &isDirectory) else {
            return []
        }
        var gitDirectory = dotGit
        if !isDirectory.boolValue {
            guard let text = try? String(contentsOf: dotGit, encoding: .utf8),
                text.hasPrefix("gitdir: ")
            else { return [] }
            let path = text.dropFirst("gitdir: ".count).trimmingCharacters(in: .whitespacesAndNewlines)
            gitDirectory = path.hasPrefix("/") ? URL(fileURLWithPath: path) : package.appending(path: path)
        }
        return ["HEAD", "logs/HEAD", "index"].map { gitDirectory.appending(path: $0) }
    }

    /// `sh -c SCRIPT build-info REPOSITORY OUTPUT`: writes OUTPUT/BuildInfo.generated.swift.
    /// Only a commit of the package's own clone counts (not one of a repository that merely
    /// contains the package's folder); `safe.directory` lets root build a user's clone;
    /// GIT_OPTIONAL_LOCKS=0 keeps `git status` from taking the index lock.
    static let script = #"""
        set -u
        repo=$1
        out=$2
        mkdir -p "$out" || exit 1
        g() { GIT_OPTIONAL_LOCKS=0 git -c safe.directory="$repo" -C "$repo" "$@" 2>/dev/null; }
        commit=unknown
        modified=false
        if prefix=$(g rev-parse --show-prefix) && [ -z "$prefix" ]; then
            hash=$(g rev-parse --short=12 HEAD) || hash=
            case $hash in
                *[!0-9a-f]* | "") ;;
                *) commit=$hash ;;
            esac
            if [ "$commit" != unknown ]; then
                [ -z "$(g status --porcelain)" ] || modified=true
            fi
        fi
        file="$out/BuildInfo.generated.swift"
        {
            echo "// Written by the BuildInfo plugin at build time from git; never committed."
            echo "let generatedCommit = \"$commit\""
            echo "let generatedTreeModified = $modified"
        } >"$file.new" || exit 1
        if cmp -s "$file.new" "$file"; then rm -f "$file.new"; else mv -f "$file.new" "$file"; fi
        """#
}

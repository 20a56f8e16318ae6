import Foundation
import PackagePlugin

/// Writes the git commit the package is built from into the `BuildInfo` target, for
/// `pn532ctl --version`. It runs on every build (one `git rev-parse` and one `git status`, a
/// few milliseconds) and rewrites the generated file only when its text changes, so an
/// unchanged tree recompiles nothing. Without git, or
/// outside a clone (a source tarball), the commit is "unknown".
@main
struct BuildInfoPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let output = context.pluginWorkDirectoryURL.appending(path: "generated")
        let file = output.appending(path: "BuildInfo.generated.swift")
        // Declared but never written: the build system then runs the command on every build
        // (a commit or an edit changes nothing it could watch), while the generated file,
        // rewritten only when its text changes, recompiles BuildInfo only after a change.
        let alwaysRun = output.appending(path: "always-run")
        return [
            .buildCommand(
                displayName: "Reading the git commit for --version",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: [
                    "-c", Self.script, "build-info",
                    context.package.directoryURL.path(percentEncoded: false),
                    output.path(percentEncoded: false),
                ],
                outputFiles: [file, alwaysRun]
            )
        ]
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
        rm -f "$out/always-run"
        """#
}

import Foundation
import Testing

/// The layers of DESIGN.md, checked against `Package.swift` and the sources: no target depends
/// on what the table does not allow, imports a module it does not declare, or declares one it
/// never imports.
struct PackageLayoutTests {
    let manifest: PackageManifest

    init() throws {
        manifest = try PackageManifest()
    }

    /// The library and executable targets under Sources (not the tests' support target).
    var sourceTargets: [PackageManifest.Target] {
        manifest.targets.filter { ($0.kind == .target || $0.kind == .executableTarget) && $0.path?.hasPrefix("Tests/") != true }
    }

    func folder(of target: PackageManifest.Target) -> String {
        target.path ?? "Sources/\(target.name)"
    }

    @Test func theManifestIsReadAsDeclarations() throws {
        let pn532 = try #require(manifest["PN532"])
        #expect(pn532.kind == .target)
        #expect(pn532.dependencies.contains("NFCCore"))
        #expect(pn532.dependencies.contains("SystemPackage"), "a product named by a variable counts")
        #expect(manifest.targets.contains { $0.kind == .executableTarget && $0.name == "pn532ctl" })
        #expect(manifest.targets.filter { $0.kind == .testTarget }.count >= 10)
    }

    @Test func everyTargetIsInTheTable() {
        let missing = sourceTargets.map(\.name).filter { AllowedDependencies.table[$0] == nil }
        #expect(missing.isEmpty, "targets DESIGN.md's table (AllowedDependencies) does not list: \(missing)")
    }

    @Test func noTargetDependsOnWhatTheTableDoesNotAllow() {
        for target in sourceTargets {
            let allowed = AllowedDependencies.table[target.name] ?? []
            let forbidden = target.dependencies.filter { !allowed.contains($0) }
            #expect(forbidden.isEmpty, "\(target.name) depends on \(forbidden), which DESIGN.md's table does not allow")
        }
    }

    @Test func everyImportIsADeclaredDependency() throws {
        for target in sourceTargets {
            let imports = try SourceImports(folder: folder(of: target))
            let declared = Set(target.dependencies).union(AllowedDependencies.system)
            for (module, files) in imports.modules where !declared.contains(module) {
                Issue.record("\(target.name) imports \(module) without depending on it (\(files.sorted().joined(separator: ", ")))")
            }
        }
    }

    @Test func everyDeclaredDependencyIsImported() throws {
        for target in sourceTargets where target.name != "CLinux" {
            let imports = try SourceImports(folder: folder(of: target))
            let unused = target.dependencies.filter { imports.modules[$0] == nil }
            #expect(unused.isEmpty, "\(target.name) depends on \(unused) but no file of it imports them")
        }
    }

    @Test func noLibraryImportsFoundation() throws {
        for target in sourceTargets {
            let imports = try SourceImports(folder: folder(of: target))
            for module in ["Foundation", "FoundationEssentials", "FoundationInternationalization"] {
                #expect(imports.modules[module] == nil, "\(target.name) imports \(module)")
            }
        }
    }

    @Test func theDoorNeverReachesTheChipOrAProcessSpawner() throws {
        let door = try #require(manifest["DoorControl"])
        for module in ["PN532", "Type2", "CLinux", "DoorHooks", "PN532Simulator", "PN532ReaderSimulator"] {
            #expect(!door.dependencies.contains(module), "DoorControl depends on \(module)")
        }
        let imports = try SourceImports(folder: folder(of: door))
        for module in ["PN532", "Type2", "CLinux"] {
            #expect(imports.modules[module] == nil, "DoorControl imports \(module): \(imports.modules[module] ?? [])")
        }
    }

    @Test func theSessionsDoNotLinkTheSimulator() throws {
        let sessions = try #require(manifest["NFCReader"])
        #expect(!sessions.dependencies.contains("PN532Simulator") && !sessions.dependencies.contains("PN532ReaderSimulator"))
    }

    @Test func theExecutableCallsNoSignalPollOrSpawn() throws {
        let executable = try SourceImports(folder: "Sources/pn532ctl")
        for (path, text) in executable.files {
            for call in ["signalfd", "ppoll", "posix_spawn", "clinux_signal", "Poll.wait", "sigprocmask"] {
                #expect(!text.contains(call), "\(path) calls \(call): the event loop is DaemonKit's, the spawner DoorHooks'")
            }
        }
    }
}

import DoorControl

#if canImport(Glibc)
import Glibc
#endif

/// Configuration loading: `DoorConfig.load` (read, TOML parse, validation) of a door.toml
/// with 1,000, 32,000 and 100,000 `[[users]]`, each with a UID, a schedule and validity dates,
/// then the door's policy built from it (what `door check-config`, a start and a SIGHUP pay).
/// The best of three runs is shown, with the time per user, which stays flat when loading is
/// linear. Pass `--quick` for 1,000 and 32,000 users only, or `--users N --runs R` for one
/// size (`--users 100000 --runs 1` under `valgrind --tool=callgrind
/// --toggle-collect='*ConfigBench*measured*'` counts the loading's instructions alone; run it
/// on a copy made by `objcopy --strip-debug`, as valgrind 3.19 cannot read this DWARF).
func configText(users: Int) -> String {
    var text = "[reader]\ndevice = \"/dev/ttyS0\"\n[relay]\nline = \"GPIO17\"\n"
    text.reserveCapacity(users * 150)
    for index in 0..<users {
        let uid = "04" + String(repeating: "0", count: 12 - String(index, radix: 16).count) + String(index, radix: 16, uppercase: true)
        text += "\n[[users]]\nname = \"user\(index)\"\nuid = [\"\(uid)\"]\n"
        text += "valid_from = 2026-01-01\nvalid_until = 2026-12-31\nschedule = [\"Mon-Fri 07:00-19:00\"]\n"
    }
    return text
}

func writeFile(_ path: String, _ text: String) -> Bool {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    let bytes = Array(text.utf8)
    return bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) } == bytes.count
}

func format(_ duration: Duration) -> String {
    let microseconds = duration.components.seconds * 1_000_000 + duration.components.attoseconds / 1_000_000_000_000
    return microseconds >= 10_000 ? "\(microseconds / 1000) ms" : "\(microseconds / 1000).\(microseconds % 1000 / 100) ms"
}

/// The CPU time this thread has used: on a machine shared with other work it tells the
/// loading's own cost where the wall clock also counts waiting for a core.
func threadCPUTime() -> Duration {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
}

func pad(_ text: String, _ width: Int) -> String {
    String(repeating: " ", count: max(0, width - text.count)) + text
}

/// The measured load (kept a function of its own for callgrind's `--toggle-collect`).
@inline(never)
func measuredLoad(_ path: String) throws -> DoorConfig {
    try DoorConfig.load(path: path)
}

/// The measured policy built from the loaded configuration.
@inline(never)
func measuredPolicy(_ config: DoorConfig, _ path: String) throws -> DoorPolicy {
    try DoorPolicy(loading: config, from: path)
}

/// The integer after `option` on the command line, if given.
func option(_ name: String) -> Int? {
    let arguments = CommandLine.arguments
    guard let position = arguments.firstIndex(of: name), position + 1 < arguments.count else { return nil }
    return Int(arguments[position + 1])
}

let quick = CommandLine.arguments.contains("--quick")
let sizes = option("--users").map { [$0] } ?? (quick ? [1_000, 32_000] : [1_000, 32_000, 100_000])
let runs = max(1, option("--runs") ?? 3)
let path = "/tmp/pn532ctl-config-bench-\(getpid()).toml"
defer { unlink(path) }
print("Configuration loading: DoorConfig.load (read, parse, validate) and DoorPolicy, best of \(runs)")
print(pad("users", 8) + pad("file", 10) + pad("load", 11) + pad("+ policy", 11) + pad("CPU", 11) + pad("CPU/user", 11))
for users in sizes {
    let text = configText(users: users)
    guard writeFile(path, text) else {
        print("ConfigBench: cannot write \(path)")
        exit(1)
    }
    var bestLoad = Duration.seconds(1_000_000), bestTotal = bestLoad, bestCPU = bestLoad
    for _ in 0..<runs {
        let clock = ContinuousClock()
        let start = clock.now, cpuStart = threadCPUTime()
        do {
            let config = try measuredLoad(path)
            let loaded = clock.now
            _ = try measuredPolicy(config, path)
            bestLoad = min(bestLoad, loaded - start)
            bestTotal = min(bestTotal, clock.now - start)
            bestCPU = min(bestCPU, threadCPUTime() - cpuStart)
            guard config.users.count == users else {
                print("ConfigBench: \(config.users.count) users loaded, \(users) written")
                exit(1)
            }
        } catch {
            print("ConfigBench: \(error)")
            exit(1)
        }
    }
    let perUser = bestCPU / users
    print(pad(String(users), 8) + pad("\(text.utf8.count / 1024) KiB", 10) + pad(format(bestLoad), 11) + pad(format(bestTotal), 11)
        + pad(format(bestCPU), 11) + pad("\(perUser.components.attoseconds / 1_000_000_000) ns", 11))
}

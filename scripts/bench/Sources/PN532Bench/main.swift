import PN532

#if canImport(Glibc)
import Glibc
#endif

/// Round trips, bytes and time of the PN532 operations `info` and `scan` at 115200 and 921600,
/// and of the Type 2 tag operations.
/// Part A: the in-process simulator on its virtual clock (deterministic), next to the floor.
/// Part B: wall time of pn532ctl runs against `pn532ctl sim` on a pseudo-terminal in real time;
/// pn532ctl is the binary built next to this one (run.sh builds both).
/// Part C: identify + read and write + verify of 48 to 868-byte messages on an NTAG216, in
/// process, next to their floors. Part D: pn532ctl read and dump and libnfc's
/// nfc-mfultralight r on the pty. Part C2: write + verify and read of a 1 KB NDEF message (or
/// the card's capacity) on a card of each NFC Forum type, in process, next to their floors.
/// Part E: machine time per tag of `flash` (write + verify + lock).
/// Part F: CPU time and memory of `door run` waiting for a tag over 60 s (5 s with `--quick`).
/// Part G: CPU time of `scan --watch` and `flash` waiting on the in-process simulator over 10 s
/// (3 s with `--quick`).
/// Part H: the fastest read, `pn532ctl read` at 921600 beside nfcpy 1.0.4, whole process, with
/// the ratios to nfcpy and to the floor.
/// Part I: resident memory of `--version` and of `door run` idle and after 10,000
/// presentations (200 with `--quick`), of the binary given with `--binary PATH` (run.sh gives
/// the static build scripts/install.sh installs) or the one built next to this one.
/// Part J: audit lines a second the uplink publishes at QoS 1 to a local Mosquitto (10,000
/// lines; 1,000 with `--quick`), and its memory.
/// `--door-idle` runs Part F alone, `--fast-read` Part H alone, `--door-memory` Part I alone,
/// `--uplink` Part J alone.
/// `--quick` times 3 runs of each Part B command instead of 20, and 2 of each Part D run
/// instead of 10, without counting libnfc's round trips, and 3 of each Part H run instead of 15.
let quick = CommandLine.arguments.contains("--quick")
let count = quick ? 3 : 20
let type2Count = quick ? 2 : 10
let fastReadCount = quick ? 3 : 15

/// The path of `name` in this executable's directory.
func siblingExecutable(_ name: String) -> String {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    let path = length > 0 ? String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self) : CommandLine.arguments[0]
    return String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]) + "/" + name
}

/// The value of `--binary`, else the pn532ctl built next to this executable.
func benchedBinary() -> String {
    let arguments = CommandLine.arguments
    guard let index = arguments.firstIndex(of: "--binary"), index + 1 < arguments.count else { return siblingExecutable("pn532ctl") }
    return arguments[index + 1]
}

do {
    if CommandLine.arguments.contains("--door-memory") {
        DoorMemoryBench.print(try DoorMemoryBench(pn532ctl: benchedBinary(), presentations: quick ? 200 : 10_000))
        exit(0)
    }
    if CommandLine.arguments.contains("--uplink") {
        UplinkBench.print(try UplinkBench(pn532ctl: benchedBinary(), lines: quick ? 1000 : 10_000))
        exit(0)
    }
    if CommandLine.arguments.contains("--door-idle") {
        DoorIdleBench.print(try DoorIdleBench(pn532ctl: siblingExecutable("pn532ctl"), seconds: quick ? 5 : 60))
        exit(0)
    }
    if CommandLine.arguments.contains("--fast-read") {
        FastReadTable.print(try FastReadBench(pn532ctl: siblingExecutable("pn532ctl"), count: fastReadCount), count: fastReadCount)
        exit(0)
    }
    let model = try InProcessBench()
    ModelTable.print(model)
    print()
    let wall = try PTYBench(pn532ctl: siblingExecutable("pn532ctl"), count: count)
    WallTable.print(wall, model: model, count: count)
    print()
    Type2Table.print(try Type2Bench())
    print()
    FamilyTable.print(try FamilyBench())
    print()
    FlashTable.print(try FlashBench())
    print()
    let type2Wall = try Type2PTYBench(pn532ctl: siblingExecutable("pn532ctl"), count: type2Count, countLibnfcRoundTrips: !quick)
    Type2WallTable.print(type2Wall, count: type2Count)
    print()
    FastReadTable.print(try FastReadBench(pn532ctl: siblingExecutable("pn532ctl"), count: fastReadCount), count: fastReadCount)
    print()
    DoorIdleBench.print(try DoorIdleBench(pn532ctl: siblingExecutable("pn532ctl"), seconds: quick ? 5 : 60))
    print()
    SimulatorIdleBench.print(try SimulatorIdleBench(pn532ctl: siblingExecutable("pn532ctl"), seconds: quick ? 3 : 10))
} catch {
    let message = Array("PN532Bench: \(error)\n".utf8)
    _ = message.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    exit(1)
}

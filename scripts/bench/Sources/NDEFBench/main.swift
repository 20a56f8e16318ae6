import NDEF

#if canImport(Glibc)
import Glibc
import BenchTiming
#endif

/// NDEF encode and decode throughput for a small 3-record message (about 200 bytes, what a
/// door token or a poster holds) and an 8 KB message. `--quick` runs a short smoke pass.
let quick = CommandLine.arguments.contains("--quick")
let duration: Duration = quick ? .milliseconds(50) : .seconds(1)

let small = NDEFMessage(records: [
    .uri("https://example.com/doors/front?site=12&badge=000123456789"),
    try .text(TextPayload(text: "Front door — staff entrance, ground floor, building A", languageCode: "en")),
    try .external(type: "pn532ctl.org:token", data: (0..<60).map { UInt8($0) }),
])
let large = NDEFMessage(records: [
    try .mime(type: "application/octet-stream", data: (0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 31) }),
])

/// Runs `body` repeatedly for `duration` and returns operations per second.
func measure(_ body: () -> Int) -> (perSecond: Double, sink: Int) {
    throughput(for: duration, batch: 64, body)
}

func format(_ value: Double, _ width: Int) -> String {
    let text = value >= 100 ? String(Int(value.rounded())) : String(Double(Int(value * 10)) / 10)
    return String(repeating: " ", count: max(0, width - text.count)) + text
}

print("| message | bytes | operation | messages/s | MB/s |")
print("|---|---:|---|---:|---:|")
var sink = 0
for (name, message) in [("3 records", small), ("8 KB", large)] {
    let bytes = message.encoded()
    let encode = measure { message.encoded().count }
    let decode = measure { (try? NDEFMessage(decoding: bytes))?.records.count ?? -1 }
    sink &+= encode.sink &+ decode.sink
    for (operation, rate) in [("encode", encode.perSecond), ("decode", decode.perSecond)] {
        let megabytes = rate * Double(bytes.count) / 1_000_000
        print("| \(name) | \(bytes.count) | \(operation) | \(format(rate, 10)) | \(format(megabytes, 7)) |")
    }
}
precondition(sink != 0, "benchmark bodies were optimised away")

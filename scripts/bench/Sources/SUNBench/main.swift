import BenchTiming
import Credentials

/// `sun verify` as a library call on one core: messages verified per second for each published
/// layout (AN12196's SUN1 and SUN2 with file data, Bolt Card's real card), the URL read, the
/// PICCData decrypted, the session keys derived and the MAC checked each time. `--quick` runs
/// a short smoke pass.
let quick = CommandLine.arguments.contains("--quick")
let duration: Duration = quick ? .milliseconds(50) : .seconds(2)

func key(_ text: String) -> AESKey {
    var bytes: [UInt8] = []
    var index = text.startIndex
    while index < text.endIndex {
        let next = text.index(index, offsetBy: 2)
        bytes.append(UInt8(text[index..<next], radix: 16) ?? 0)
        index = next
    }
    guard let key = AESKey(bytes) else { preconditionFailure("a benchmark key is 32 hex digits") }
    return key
}

let messages: [(name: String, verifier: SUNVerifier, url: String)] = [
    ("AN12196 SUN1, e/c", SUNVerifier(piccKey: .factoryDefault, macKey: .factoryDefault),
     "https://ntag.nxp.com/424?e=EF963FF7828658A599F3041510671E88&c=94EED9EE65337086"),
    ("AN12196 SUN2, picc_data/enc/cmac", SUNVerifier(piccKey: .factoryDefault, macKey: .factoryDefault),
     "https://www.my424dna.com/?picc_data=FD91EC264309878BE6345CBE53BADF40&enc=CEE9A53E3E463EF1F459635736738962&cmac=ECC1E7F6C6C73BF6"),
    ("Bolt Card, p/c", SUNVerifier(piccKey: key("0C3B25D92B38AE443229DD59AD34B85D"), macKey: key("B45775776CB224C75BCDE7CA3704E933")),
     "lnurlw://card.example/ln?p=4E2E289D945A66BB13377A728884E867&c=E19CCB1FED8892CE"),
]

print("| message | verified per second | µs each |")
print("|---|---:|---:|")
var sink = 0
for message in messages {
    guard (try? message.verifier.verify(url: message.url)) != nil else { preconditionFailure("\(message.name) does not verify") }
    let (rate, total) = throughput(for: duration, batch: 64) { (try? message.verifier.verify(url: message.url))?.counter == nil ? 0 : 1 }
    sink &+= total
    print("| \(message.name) | \(Int(rate.rounded())) | \(Double(Int(10_000_000 / rate)) / 10) |")
}
precondition(sink != 0, "benchmark bodies were optimised away")

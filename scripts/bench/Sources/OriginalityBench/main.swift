import Basics
import Originality
import BenchTiming

/// Originality signature verification on one core: one real card's signature per curve, checked
/// against its NXP key, and the search of every NXP key (`NXPOriginalityKey.signer`) that
/// `identify` and the door run. `--quick` runs a short smoke pass.
let quick = CommandLine.arguments.contains("--quick")
let duration: Duration = quick ? .milliseconds(50) : .seconds(1)

/// Real-card signatures (the vectors of Tests/OriginalityTests).
let cards: [(curve: String, product: NXPOriginalityKey, uid: String, signature: String)] = [
    ("secp128r1", .ntag21x, "04E10CDA993C80", "8B76052EE42F5567BEB53238B3E3F9950707C0DCC956B5C5EFCFDB709B2D82B3"),
    ("secp192r1", .ultralightAES, "045E4CC2451390",
     "C9BBDA1B99EB6634CDFD8E3251AC5C4742EA5FA507B8A8A8B39B19AB7340D173331589C54C56C49F0CCA6DDBAC1E492A"),
    ("secp224r1", .ntag424DNA, "047728824D6580",
     "9C7068636A285FEBA1E2406654009DCE6E8A9C9CE318BE0262ED162519B970B32FB802858420D667D12CEBCD32BB4BC8AFE21C753A5A6C26"),
    ("secp224r1", .desfireEV3, "04448BD2DB6B80",
     "5CBB5632795C8F15263FEFB095B51C7B541AFD914A1AE44EF6FB8AF605EDF13DBFEE6C3A2DB372245E671DFE0D42CB1F0D0B8FE67A89D2F6"),
]

/// Runs `body` repeatedly for `duration` and returns operations per second.
func measure(_ body: () -> Int) -> (perSecond: Double, sink: Int) {
    throughput(for: duration, batch: 8, body)
}

func format(_ value: Double) -> String {
    value >= 100 ? String(Int(value.rounded())) : String(Double(Int(value * 10)) / 10)
}

print("| curve | card | operation | per second | µs each |")
print("|---|---|---|---:|---:|")
var sink = 0
for card in cards {
    guard let uid = Hex.bytes(card.uid), let signature = Hex.bytes(card.signature),
          card.product.key.verifies(signature: signature, uid: uid)
    else { preconditionFailure("the \(card.product) vector does not verify") }
    let one = measure { card.product.key.verifies(signature: signature, uid: uid) ? 1 : 0 }
    let search = measure { NXPOriginalityKey.signer(of: signature, uid: uid) == card.product ? 1 : 0 }
    sink &+= one.sink &+ search.sink
    for (operation, rate) in [("verify with its key", one.perSecond), ("find the NXP key", search.perSecond)] {
        print("| \(card.curve) | \(card.product.products) | \(operation) | \(format(rate)) | \(format(1_000_000 / rate)) |")
    }
}
precondition(sink != 0, "benchmark bodies were optimised away")

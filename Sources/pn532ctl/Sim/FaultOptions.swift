import Basics
import NFCCore
import PN532Simulator

/// The `--fault` settings of `pn532ctl sim`: `corrupt=RATE`, `drop=RATE`, `insert=RATE`
/// (per byte, both directions), `seed=N`, `tag-remove-after=N` (tag commands).
struct FaultOptions {
    var corruptRate = 0.0
    var dropRate = 0.0
    var insertRate = 0.0
    var seed: UInt64 = 1
    var tagRemoveAfter: Int?

    static let help = "corrupt=RATE, drop=RATE, insert=RATE (per byte, 0-1), seed=N, tag-remove-after=N"

    /// Parses every `--fault` value.
    static func parse(_ items: [String]) throws(CLIError) -> FaultOptions {
        var options = FaultOptions()
        for item in items {
            let parts = item.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { throw .usage("--fault \(item): expected NAME=VALUE (\(help))") }
            let (name, value) = (parts[0], parts[1])
            switch name {
            case "corrupt", "drop", "insert":
                guard let rate = Double(value), rate >= 0, rate <= 1 else {
                    throw .usage("--fault \(item): the rate must be a number from 0 to 1")
                }
                if name == "corrupt" { options.corruptRate = rate } else if name == "drop" { options.dropRate = rate } else { options.insertRate = rate }
            case "seed":
                guard let seed = ASCIINumber.parse(value, as: UInt64.self) else { throw .usage("--fault \(item): the seed must be a whole number") }
                options.seed = seed
            case "tag-remove-after":
                guard let count = ASCIINumber.parse(value, as: Int.self) else { throw .usage("--fault \(item): expected a number of tag commands") }
                options.tagRemoveAfter = count
            default:
                throw .usage("--fault \(item): unknown fault '\(name)' (\(help))")
            }
        }
        return options
    }

    /// Byte faults for one direction; the other direction gets another seed.
    func byteFaults(direction: UInt64) -> ByteFaults {
        ByteFaults(corruptRate: corruptRate, dropRate: dropRate, insertRate: insertRate, seed: seed &+ direction)
    }
}

import NFCCore
import PN532
import Type2

/// What a fault soak saw: right answers, wrong answers accepted, failures by kind, and
/// exchanges that took longer than their bound on the virtual clock.
struct SoakTally: CustomStringConvertible {
    private(set) var successes = 0
    private(set) var wrongAnswers = 0
    private(set) var overruns = 0
    private(set) var failures: [String: Int] = [:]
    private(set) var longest = Duration.zero

    /// Every exchange counted.
    var exchanges: Int { successes + wrongAnswers + failures.values.reduce(0, +) }

    /// Failures the tag itself would have caused: no answer, or a NAK.
    var tagRefusals: Int {
        failures["TagExchangeError.noAnswer", default: 0] + failures["TagExchangeError.negativeAcknowledgement", default: 0]
    }

    /// The share of exchanges that gave the right answer.
    var successRate: Double { exchanges == 0 ? 0 : Double(successes) / Double(exchanges) }

    /// Counts an answer, right or wrong.
    mutating func recordAnswer(correct: Bool) {
        if correct { successes += 1 } else { wrongAnswers += 1 }
    }

    /// Counts a session failure by its kind.
    mutating func record(_ error: PN532Error) {
        failures["PN532Error." + String(String(describing: error.kind).prefix { $0 != "(" }), default: 0] += 1
    }

    /// Counts a tag exchange failure by its kind.
    mutating func record(_ error: TagExchangeError) {
        let kind = switch error {
        case .noAnswer: "noAnswer"
        case .negativeAcknowledgement: "negativeAcknowledgement"
        case .transport: "transport"
        }
        failures["TagExchangeError." + kind, default: 0] += 1
    }

    /// Records how long one exchange took against the most it may take.
    mutating func recordDuration(_ duration: Duration, bound: Duration) {
        longest = max(longest, duration)
        if duration > bound { overruns += 1 }
    }

    var description: String {
        let kinds = failures.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        return "\(exchanges) exchanges: \(successes) right, \(wrongAnswers) wrong, failures [\(kinds)], "
            + "\(overruns) over their bound, longest \(longest)"
    }
}

import Basics
import NFCCore
import PN532
import PN532Simulator

/// A session to a fresh in-process simulated PN532 with one tag in its field, on the
/// simulator's virtual clock: the same inputs give the same timeline every run.
final class SimulatedReader {
    /// The session under measurement.
    let session: PN532Session
    private let link: SimulatorLink
    /// The simulated chip, whose field holds the tag.
    var chip: SimulatedPN532 { link.chip }
    private var trace: [TraceEvent] = []

    /// A chip asleep, as after power-on, with `tag` in its field and the link at 115200.
    init(tag: SimulatedTag = SimulatedTag(product: .ntag215)) {
        link = SimulatorLink(chip: SimulatedPN532(tags: [tag]))
        session = PN532Session(link: link)
        session.trace = { [unowned self] event in trace.append(event) }
    }

    /// Runs `operation` and returns what it alone cost; the floor is taken at the link's rate
    /// when the operation starts.
    func measure<Failure: Error>(_ operation: (PN532Session) throws(Failure) -> Void) throws(Failure) -> OperationCost {
        trace.removeAll()
        let statistics = session.statistics
        let start = link.now
        let rate = link.bitsPerSecond ?? BaudRate.bps115200.bitsPerSecond
        try operation(session)
        return OperationCost(
            statistics: session.statistics.since(statistics),
            modelled: link.now - start,
            floor: Floor(trace: trace, bitsPerSecond: rate, timing: link.chip.timing))
    }
}

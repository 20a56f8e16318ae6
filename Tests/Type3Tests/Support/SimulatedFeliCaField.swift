import NFCCore
import PN532
import PN532Simulator
import TestSupport
@testable import Type3

/// A PN532 session on the in-process simulator with FeliCa cards in the field.
final class SimulatedFeliCaField {
    private let field: SimulatedSession
    var chip: SimulatedPN532 { field.chip }
    var session: PN532Session { field.session }

    init(_ tags: [SimulatedTag]) throws {
        field = try SimulatedSession(tags)
    }

    convenience init(_ product: TagProduct) throws {
        try self.init([SimulatedTag(product: product)])
    }

    /// Polls the first FeliCa card at 212 kbps and returns its Type 3 tag.
    func tag() throws -> Type3Tag {
        let target = try field.firstTarget(.felica212)
        guard case let .nfcF(felica) = target.info else { throw TargetNotFeliCa() }
        return Type3Tag(exchange: TargetExchange(session: session, target: target), target: felica)
    }

    /// The first card as the simulator holds it (or the last to leave the field).
    var card: SimulatedTag? { chip.field.first ?? chip.departedTags.last }

    struct TargetNotFeliCa: Error {}
}

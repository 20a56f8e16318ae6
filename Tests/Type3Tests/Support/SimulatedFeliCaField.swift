import NFCCore
import PN532
import PN532Simulator
import Testing
@testable import Type3

/// A PN532 session on the in-process simulator with FeliCa cards in the field.
final class SimulatedFeliCaField {
    let chip: SimulatedPN532
    let session: PN532Session

    init(_ tags: [SimulatedTag]) throws {
        chip = SimulatedPN532(tags: tags)
        session = PN532Session(link: SimulatorLink(chip: chip))
        try session.start()
    }

    convenience init(_ product: TagProduct) throws {
        try self.init([SimulatedTag(product: product)])
    }

    /// Polls the first FeliCa card at 212 kbps and returns its Type 3 tag.
    func tag() throws -> Type3Tag {
        try session.setPassiveActivationRetries(0x01)
        let target = try #require(try session.listTargets(.felica212, maxTargets: 1).first)
        guard case let .nfcF(felica) = target.info else { throw TargetNotFeliCa() }
        return Type3Tag(exchange: TargetExchange(session: session, target: target), target: felica)
    }

    /// The first card as the simulator holds it (or the last to leave the field).
    var card: SimulatedTag? { chip.field.first ?? chip.departedTags.last }

    struct TargetNotFeliCa: Error {}
}

import PN532
import PN532Simulator

/// A started PN532 session on an in-process simulated chip (virtual clock) holding some tags:
/// the field the tag layers' integration tests run against.
public final class SimulatedSession {
    /// The simulated chip, to look at what a tag holds or to change the field.
    public let chip: SimulatedPN532
    /// The host's session with it, started.
    public let session: PN532Session

    /// A session on a chip holding `tags`.
    public init(_ tags: [SimulatedTag]) throws {
        chip = SimulatedPN532(tags: tags)
        session = PN532Session(link: SimulatorLink(chip: chip))
        try session.start()
        try session.setPassiveActivationRetries(0x01)
    }

    /// A session on a chip holding one factory-fresh `product`.
    public convenience init(_ product: TagProduct) throws {
        try self.init([SimulatedTag(product: product)])
    }

    /// The first target a poll of `modulation` lists.
    public func firstTarget(_ modulation: PassiveModulation) throws -> ListedTarget {
        guard let target = try session.listTargets(modulation, maxTargets: 1).first else { throw SimulatedSessionError.noTarget(modulation) }
        return target
    }
}

/// What a simulated session could not give a test.
public enum SimulatedSessionError: Error {
    /// A poll of this modulation listed nothing.
    case noTarget(PassiveModulation)
}

import NDEF
import PN532
import PN532Simulator
import Testing
import Provisioning

/// One tag in the field of the in-process simulator, listed by a started session, with the
/// frames the chip receives counted.
final class SimulatedFlashField {
    let chip: SimulatedPN532
    let session: PN532Session
    let listed: ListedTarget
    /// Frames the chip has received since the tag was listed.
    private(set) var framesSinceListing = 0

    init(_ product: TagProduct, modulation: PassiveModulation = .typeA106) throws {
        chip = SimulatedPN532(tags: [SimulatedTag(product: product)])
        session = PN532Session(link: SimulatorLink(chip: chip))
        try session.start()
        listed = try #require(try session.listTargets(modulation, maxTargets: 1).first)
        chip.trace = { [unowned self] event in
            if case .received = event.kind { framesSinceListing += 1 }
        }
    }

    /// The tag's memory as the simulator holds it.
    var memory: [UInt8] { chip.field.first?.memory ?? [] }
}

/// Messages of `records` on every tag, with no CSV and no token.
func fixedMessages(_ records: [NDEFRecord]) throws -> FlashMessages {
    try FlashMessages(recordWords: [], fixed: NDEFMessage(records: records), token: nil, csv: nil, csvName: "") { _ throws(ProvisioningError) in [] }
}

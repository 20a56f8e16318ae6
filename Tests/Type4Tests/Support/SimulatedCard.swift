import PN532
import PN532Simulator
import TestSupport
import Type4

/// A Type 4 card in the in-process simulated reader, selected, with the layer over it.
final class SimulatedCard {
    let chip: SimulatedPN532
    let session: PN532Session
    let exchange: TargetExchange

    init(_ product: TagProduct) throws {
        let field = try SimulatedSession(product)
        chip = field.chip
        session = field.session
        exchange = TargetExchange(session: session, target: try field.firstTarget(.typeA106))
    }

    /// The Type 4 layer over the card, with the caller's write limit.
    func tag(maximumUpdateLength: Int? = nil) -> Type4Tag {
        Type4Tag(exchange: exchange, maximumUpdateLength: maximumUpdateLength)
    }

    /// The card's NDEF file E104 as the simulator holds it.
    var ndefFile: [UInt8] {
        chip.field.first?.ndefApplicationFiles.first { $0.id == 0xE104 }?.bytes ?? []
    }
}

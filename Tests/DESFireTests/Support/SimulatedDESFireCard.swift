import DESFire
import NFCCore
import PN532
import PN532Simulator
import TestSupport

/// A DESFire in the in-process simulated reader, selected (ISO-DEP by InDataExchange).
final class SimulatedDESFireCard {
    let chip: SimulatedPN532
    let exchange: TargetExchange

    init(_ tag: SimulatedTag) throws {
        let field = try SimulatedSession([tag])
        chip = field.chip
        exchange = TargetExchange(session: field.session, target: try field.firstTarget(.typeA106))
    }

    convenience init(_ product: TagProduct) throws {
        try self.init(SimulatedTag(product: product))
    }

    /// The native command layer over the card.
    var card: DESFireCard { DESFireCard(exchange: exchange) }

    /// The card's PICC as the simulator holds it.
    var picc: SimulatedDESFire? { chip.field.first?.desfire }
}

/// An exchange that loses the card at command `failing` (0-based): before the card sees the
/// command, or after it was carried out with its answer lost; every later command goes
/// unanswered too, as for a card that left the field.
final class LeavingExchange: TagExchange {
    let base: any TagExchange
    let failing: Int
    let afterCarryingOut: Bool
    private(set) var count = 0

    init(_ base: any TagExchange, failing: Int, afterCarryingOut: Bool) {
        self.base = base
        self.failing = failing
        self.afterCarryingOut = afterCarryingOut
    }

    var maximumCommandLength: Int { base.maximumCommandLength }
    var maximumAnswerLength: Int { base.maximumAnswerLength }

    func exchange(_ command: [UInt8], answer: TagAnswer) throws(TagExchangeError) -> [UInt8] {
        defer { count += 1 }
        guard count >= failing else { return try base.exchange(command, answer: answer) }
        if count == failing, afterCarryingOut { _ = try base.exchange(command, answer: answer) }
        throw .noAnswer
    }

    func reselect() throws(TagExchangeError) {
        throw .noAnswer
    }
}

import NDEF
import PN532
import PN532Simulator
import Testing
@testable import Type2

/// The link between the session and the simulated chip: the simulator's UART link, or an
/// `I2CLink` on the simulated I2C bus. The tag-layer suite runs over both.
enum Transport: String, CaseIterable, CustomStringConvertible {
    case uart, i2c

    var description: String { rawValue }
}

/// A PN532 session on the in-process simulator with tags in the field, for tag-layer tests.
final class SimulatedField {
    let chip: SimulatedPN532
    let link: any ByteLink
    let session: PN532Session

    init(_ tags: [SimulatedTag], transport: Transport = .uart) throws {
        chip = SimulatedPN532(tags: tags)
        switch transport {
        case .uart: link = SimulatorLink(chip: chip)
        case .i2c: link = I2CLink(device: SimulatedI2CDevice(chip: chip))
        }
        session = PN532Session(link: link)
        try session.start()
    }

    convenience init(_ product: TagProduct, transport: Transport = .uart) throws {
        try self.init([SimulatedTag(product: product)], transport: transport)
    }

    /// Selects the first tag and returns its exchange.
    func select() throws -> TargetExchange {
        try session.setPassiveActivationRetries(0x01)
        let target = try #require(try session.listPassiveTargets(maxTargets: 1).first)
        return TargetExchange(session: session, target: target)
    }

    /// Selects and identifies the first tag.
    func tag() throws -> Type2Tag {
        try Type2Tag.identify(select())
    }

    /// The first tag's memory as the simulator holds it.
    var memory: [UInt8] { chip.field.first?.memory ?? [] }
}


/// A message of exactly `length` encoded bytes (0, or 3 and more: the smallest record is 3
/// bytes) made of unknown-type records.
func message(ofLength length: Int) -> NDEFMessage {
    func record(_ payload: Int) -> NDEFRecord {
        (try? NDEFRecord(format: .unknown, type: [], payload: (0..<payload).map { UInt8(truncatingIfNeeded: $0) })) ?? .empty
    }
    switch length {
    case 0: return .empty
    case ...258: return NDEFMessage(records: [record(length - 3)])
    case 259...261: return NDEFMessage(records: [record(200), record(length - 206)])
    default: return NDEFMessage(records: [record(length - 6)])
    }
}

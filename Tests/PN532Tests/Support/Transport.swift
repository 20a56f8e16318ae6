import PN532
import PN532Simulator

/// The links the driver is tested over: the simulator's UART link, or the simulated I2C bus
/// behind an `I2CLink`.
enum Transport: String, CaseIterable, CustomStringConvertible {
    case uart, i2c

    var description: String { rawValue }
}

/// A driver session on a simulated PN532 over either transport.
struct TransportReader {
    let chip: SimulatedPN532
    let link: any ByteLink
    let session: PN532Session

    /// A session to a new chip with `tags` in its field, over `transport`, started.
    init(_ transport: Transport, tags: [SimulatedTag] = []) throws {
        chip = SimulatedPN532(tags: tags)
        switch transport {
        case .uart: link = SimulatorLink(chip: chip)
        case .i2c: link = I2CLink(device: SimulatedI2CDevice(chip: chip))
        }
        session = PN532Session(link: link)
        try session.start()
    }
}

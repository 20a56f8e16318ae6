import PN532
import PN532Reader
import PN532Simulator

/// The in-process simulator as a reader device: a new chip with these tags each time it is
/// opened, reached over the simulator's UART model (`sim`) or a simulated I2C or SPI bus (`sim-i2c`, `sim-spi`),
/// in real time (`SimulatorClock.realTime`): a program waiting for a tag sleeps, as it does on
/// a real reader.
public struct SimulatorDevice: PluggedDevice, Equatable {
    /// The link to the chip.
    public var link: LinkKind
    /// The tags in the field when it opens; none for the default tag (`SimulatorTags`).
    public var tags: [TagSpec]

    /// A simulator on `link` with `tags`.
    public init(link: LinkKind, tags: [TagSpec]) {
        self.link = link
        self.tags = tags
    }

    public var isSimulated: Bool { true }

    public func endpoint() throws(PN532Error) -> any ReaderEndpoint {
        SimulatorEndpoint(chip: SimulatedPN532(tags: try SimulatorTags.make(tags)), link: link, clock: .realTime)
    }

    public func isEqual(to other: any PluggedDevice) -> Bool {
        (other as? SimulatorDevice) == self
    }

    /// The device string that parses to this device.
    public var description: String {
        let name = switch link {
        case .uart: "sim"
        case .i2c: "sim-i2c"
        case .spi: "sim-spi"
        }
        return tags.isEmpty ? name : name + ":" + tags.map(\.description).joined(separator: ",")
    }
}

/// A simulated chip a program keeps (to present and remove tags, to look at them), as a
/// reader device on the simulator's UART model, on the chip's virtual clock (a wait jumps to
/// the next thing the chip does: the program's scenario runs at full speed). The chip is used
/// from the thread that opens the reader: the program promises not to touch it meanwhile.
public struct SimulatedChipDevice: PluggedDevice, @unchecked Sendable {
    /// The chip.
    public let chip: SimulatedPN532

    /// The device for `chip`.
    public init(chip: SimulatedPN532) {
        self.chip = chip
    }

    public var link: LinkKind { .uart }
    public var isSimulated: Bool { true }
    public var description: String { "sim" }

    public func endpoint() throws(PN532Error) -> any ReaderEndpoint {
        SimulatorEndpoint(chip: chip, link: .uart, clock: .virtual)
    }

    public func isEqual(to other: any PluggedDevice) -> Bool {
        (other as? SimulatedChipDevice)?.chip === chip
    }
}

/// A simulated chip kept while its reader is open: every opening gets a new link to it, on
/// `clock`.
final class SimulatorEndpoint: ReaderEndpoint {
    private let chip: SimulatedPN532
    private let kind: LinkKind
    private let clock: SimulatorClock

    init(chip: SimulatedPN532, link: LinkKind, clock: SimulatorClock) {
        self.chip = chip
        kind = link
        self.clock = clock
    }

    func link() throws(PN532Error) -> any ByteLink {
        switch kind {
        case .uart: SimulatorLink(chip: chip, clock: clock)
        case .i2c: I2CLink(device: SimulatedI2CDevice(chip: chip, clock: clock))
        case .spi: SPILink(device: SimulatedSPIDevice(chip: chip, clock: clock))
        }
    }
}

import NDEF
import PN532
import PN532Simulator

/// Opens and starts the chip a device names (the simulator, UART, I2C).
enum SessionOpening {
    /// The URI on the default simulated tag.
    static let defaultURI = "https://github.com/pn532ctl/pn532ctl"

    static func start(_ spec: DeviceSpec) throws(PN532Error) -> PN532Session {
        switch spec {
        case .simulator(let tags):
            let session = PN532Session(link: SimulatorLink(chip: SimulatedPN532(tags: try simulatedTags(tags))))
            try session.start()
            return session
        case .simulatorI2C(let tags):
            let chip = SimulatedPN532(tags: try simulatedTags(tags))
            let session = PN532Session(link: I2CLink(device: SimulatedI2CDevice(chip: chip)))
            try session.start()
            return session
        case .i2c(let path, let address):
            let device: LinuxI2CDevice
            do throws(LinkError) { device = try LinuxI2CDevice(bus: path, address: address) } catch {
                throw PN532Error(.link(error), command: nil, device: I2CLink.name(bus: path, address: address))
            }
            let session = PN532Session(link: I2CLink(device: device))
            try session.start()
            return session
        case .uart(let path, let rate):
            return try PN532Session.openUART(path: path, rate: rate, trace: nil).0
        }
    }

    /// The tags of a simulator device; with none, one NTAG215 holding a URI record.
    private static func simulatedTags(_ specs: [TagSpec]) throws(PN532Error) -> [SimulatedTag] {
        guard !specs.isEmpty else {
            var tag = SimulatedTag(product: .ntag215)
            let message = NDEFMessage(records: [.uri(defaultURI)]).encoded()
            if let tlv = try? Type2DataArea.ndefTLV(for: message) {
                tag.memory.replaceSubrange(16..<16 + tlv.count, with: tlv)
            }
            return [tag]
        }
        var tags: [SimulatedTag] = []
        for spec in specs {
            do throws(TagImageError) { tags.append(try spec.makeTag()) } catch {
                throw PN532Error(.link(LinkError(.open, device: "sim", operation: "load \(spec): \(error)")), command: nil, device: "sim")
            }
        }
        return tags
    }
}

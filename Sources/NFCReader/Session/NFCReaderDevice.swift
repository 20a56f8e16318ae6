import PN532Simulator

/// The PN532 a session opens when it begins: named by a device string, or an in-process
/// simulated chip a program (an example, a test) sets up itself.
public struct NFCReaderDevice: Sendable, CustomStringConvertible {
    /// The device string, or `sim` for a simulated chip.
    public let description: String
    let open: @Sendable () throws(NFCReaderError) -> ReaderDevice

    /// The reader a device string names: `sim` (the in-process simulator with one NTAG215
    /// holding a URI), `sim:ntag213,ntag215`, `/dev/ttyUSB0`, `uart:/dev/serial0:115200`,
    /// `i2c:/dev/i2c-1:0x24`, `sim-i2c`. A string that names no device makes the session end
    /// with `readerErrorInvalidParameter` when it begins.
    public static func named(_ device: String) -> NFCReaderDevice {
        NFCReaderDevice(description: device) { () throws(NFCReaderError) in
            let spec: DeviceSpec
            do throws(DeviceSpecError) { spec = try DeviceSpec.parse(device) } catch { throw NFCReaderError(error) }
            do throws(ReaderError) { return try ReaderDevice.open(spec) } catch { throw NFCReaderError(error) }
        }
    }

    /// An in-process simulated PN532: the program keeps `chip` to present and remove tags
    /// (`chip.schedule(.present(tag), at:)`) and to look at them. Time on it is virtual: it
    /// moves only when the session waits, so a session's 60 s timeout passes at once when
    /// nothing happens. The chip is used from the session's thread: touch it only before
    /// `begin()` and after the session is invalidated.
    public static func simulator(_ chip: SimulatedPN532) -> NFCReaderDevice {
        let box = ChipBox(chip: chip)
        return NFCReaderDevice(description: "sim") { () throws(NFCReaderError) in
            do throws(ReaderError) { return try ReaderDevice.open(simulating: box.chip) } catch { throw NFCReaderError(error) }
        }
    }
}

/// A simulated chip handed to the session's thread; the caller promises not to use it meanwhile.
private final class ChipBox: @unchecked Sendable {
    let chip: SimulatedPN532
    init(chip: SimulatedPN532) { self.chip = chip }
}

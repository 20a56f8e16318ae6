import PN532Reader
import Synchronization

/// The PN532 a session opens when it begins: named by a device string, or a device a program
/// (an example, a test) sets up itself.
public struct NFCReaderDevice: Sendable, CustomStringConvertible {
    /// The device string.
    public let description: String
    let open: @Sendable () throws(NFCReaderError) -> ReaderDevice

    /// The reader a device string names: `/dev/ttyUSB0`, `uart:/dev/serial0:115200`,
    /// `i2c:/dev/i2c-1:0x24`, or one of a registered kind (with `PN532ReaderSimulator`'s
    /// `SimulatorKind.register()`: `sim`, the in-process simulator with one NTAG215 holding a
    /// URI, `sim:ntag213,ntag215`, `sim-i2c`, which run in real time: a session waiting for a
    /// tag sleeps, as on a reader). A string that names no device makes the session end with
    /// `readerErrorInvalidParameter` when it begins.
    public static func named(_ device: String) -> NFCReaderDevice {
        NFCReaderDevice(description: device) { () throws(NFCReaderError) in
            let spec: DeviceSpec
            do throws(DeviceSpecError) { spec = try DeviceSpec.parse(device) } catch { throw NFCReaderError(error) }
            do throws(ReaderError) { return try ReaderDevice.open(spec) } catch { throw NFCReaderError(error) }
        }
    }

    /// The reader `spec` names, e.g. `PN532ReaderSimulator`'s `.simulating(chip)`: a simulated
    /// chip the program keeps to present and remove tags (`chip.schedule(.present(tag), at:)`)
    /// and to look at them. Time on a chip the program keeps is virtual: it moves only when the session
    /// waits, so a session's 60 s timeout passes at once when nothing happens. The chip is used
    /// from the session's thread: touch it only before `begin()` and after the session is
    /// invalidated.
    public static func reader(_ spec: DeviceSpec) -> NFCReaderDevice {
        NFCReaderDevice(description: spec.description) { () throws(NFCReaderError) in
            do throws(ReaderError) { return try ReaderDevice.open(spec) } catch { throw NFCReaderError(error) }
        }
    }

    /// The reader this machine is set up with, looked up when a session begins: `PN532_DEVICE`,
    /// else the system's setting file `/etc/pn532ctl/device` (`ConfiguredDevice`). When neither
    /// names one, the session ends with `readerErrorInvalidParameter` unless `fallback` is
    /// given: `"sim"` (with `PN532ReaderSimulator`'s `SimulatorKind.register()`) tries code on a
    /// machine without a reader. A setting file that exists but is unreadable or holds two
    /// devices ends the session the same way, never falls back. `environment` looks a variable
    /// up (the process's environment unless a test gives another).
    public static func configured(
        fallback: String? = nil, environment: @escaping @Sendable (String) -> String? = ConfiguredDevice.processEnvironment
    ) -> NFCReaderDevice {
        NFCReaderDevice(description: "the configured reader") { () throws(NFCReaderError) in
            let configured: ConfiguredDevice?
            do throws(ConfiguredDeviceError) { configured = try ConfiguredDevice.find(environment: environment) } catch {
                throw NFCReaderError(.readerErrorInvalidParameter, "\(error)")
            }
            guard let text = configured?.text ?? fallback else {
                throw NFCReaderError(.readerErrorInvalidParameter,
                    "no reader configured: set PN532_DEVICE or write \(DeviceSettingFile.defaultPath), or give a fallback")
            }
            return try NFCReaderDevice.named(text).open()
        }
    }

    /// The reader that Core NFC's initialisers, which name none, open:
    /// `NFCNDEFReaderSession(delegate:queue:invalidateAfterFirstRead:)` and
    /// `NFCTagReaderSession(pollingOption:delegate:queue:)`: the configured one (`configured()`:
    /// `PN532_DEVICE`, else `/etc/pn532ctl/device`), so that Core NFC code runs unchanged
    /// against the reader of this machine, and never silently against a simulator. A program
    /// may set another once at start (e.g. `NFCReaderDevice.default = .named("sim")`).
    public static var `default`: NFCReaderDevice {
        get { chosen.withLock { $0 } }
        set { chosen.withLock { $0 = newValue } }
    }

    private static let chosen = Mutex(NFCReaderDevice.configured())
}

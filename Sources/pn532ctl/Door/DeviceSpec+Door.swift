import DoorControl
import PN532Reader

extension DeviceSpec {
    /// The device of `[reader]`, its errors as data errors beginning with `place`
    /// (`door.toml:4: reader.device`).
    static func door(_ reader: ReaderConfig, at place: String) throws(CLIError) -> DeviceSpec {
        do throws(DeviceSpecError) { return try reader.deviceSpec() } catch {
            throw .data("\(place): \(error)")
        }
    }
}

/// `PN532Reader`'s connector, under the name `door run` uses without an import.
typealias DeviceConnector = PN532Reader.DeviceConnector

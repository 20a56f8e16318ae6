import FileInput

#if canImport(Glibc)
import Glibc
#endif

/// The reader this machine is set up with, when no command line names one: `PN532_DEVICE`,
/// else the system's setting file (`DeviceSettingFile`, which the installer writes). The one
/// resolution the command line and the Core NFC sessions share; what to do when nothing is
/// configured (the simulator, with a note) is the caller's.
public struct ConfiguredDevice: Equatable, Sendable {
    /// Where a configured device string was found.
    public enum Source: Equatable, Sendable {
        /// The environment variable `PN532_DEVICE`.
        case environment
        /// The setting file at this path.
        case settingFile(String)
    }

    /// The device string, not yet parsed.
    public var text: String
    /// Where it was found.
    public var source: Source

    /// A device string found in `source`.
    public init(text: String, source: Source) {
        self.text = text
        self.source = source
    }

    /// The environment variable that names the reader.
    public static let environmentVariable = "PN532_DEVICE"

    /// The configured device; nil when `PN532_DEVICE` is unset or empty and the setting file
    /// is missing or holds only comments (the installer's template when it found no reader).
    /// `environment` looks a variable up (the process's environment unless a test gives
    /// another); an empty value counts as unset.
    ///
    /// - Throws: `ConfiguredDeviceError` when the setting file exists but cannot be read or
    ///   holds something else than one device line.
    public static func find(environment: (String) -> String? = processEnvironment) throws(ConfiguredDeviceError) -> ConfiguredDevice? {
        if let text = environment(environmentVariable), !text.isEmpty { return ConfiguredDevice(text: text, source: .environment) }
        let named = environment(DeviceSettingFile.pathVariable) ?? ""
        let path = named.isEmpty ? DeviceSettingFile.defaultPath : named
        let bytes: [UInt8]
        do throws(FileInputError) {
            bytes = try InputFile.read(path, limit: InputLimit(bytes: DeviceSettingFile.byteLimit, for: "the reader setting"))
        } catch {
            if error.isMissing { return nil }
            throw .unreadable(error)
        }
        do throws(DeviceSettingError) {
            return try DeviceSettingFile.deviceLine(in: bytes).map { ConfiguredDevice(text: $0, source: .settingFile(path)) }
        } catch {
            throw .invalid(path: path, error)
        }
    }

    /// A variable of the process's environment, nil when it is unset.
    public static func processEnvironment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}

/// Why the reader setting file could not be used.
public enum ConfiguredDeviceError: Error, Sendable, CustomStringConvertible {
    /// The file exists but cannot be read (permissions, too large, not a file).
    case unreadable(FileInputError)
    /// The file holds something else than one device line.
    case invalid(path: String, DeviceSettingError)

    public var description: String {
        switch self {
        case .unreadable(let error): "\(error) (the reader setting; \(DeviceSettingFile.pathVariable) names another file)"
        case let .invalid(path, error): "\(path): \(error)"
        }
    }
}

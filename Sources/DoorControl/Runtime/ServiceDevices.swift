import PN532Reader

#if canImport(Glibc)
import Glibc
#endif

/// The devices the shipped `pn532ctl-door.service` lets the door open (`DevicePolicy=closed`
/// with a `DeviceAllow=` line each), and the lines another reader device needs: the unit's
/// own list, so `door check-config` can say what a drop-in must add.
package enum ServiceDevices {
    /// The reader devices of the unit's `DeviceAllow=` lines (GPIO chips apart).
    package static let allowed = ["/dev/serial0", "/dev/ttyAMA0", "/dev/ttyS0", "/dev/i2c-1", "/dev/spidev0.0"]

    /// The `DeviceAllow=` lines `spec` needs beyond the unit's: its path and, for a symlink
    /// (`/dev/serial/by-id/…`), the device it resolves to. Empty for devices the unit allows,
    /// for readers that are no device file (the simulator) and for a relative path that does
    /// not resolve.
    package static func missingLines(for spec: DeviceSpec) -> [String] {
        let path: String
        switch spec {
        case .uart(let device, _): path = device
        case .i2c(let device, _): path = device
        case .spi(let device, _): path = device
        case .plugged: return []
        }
        // A relative path (`uart:ttyUSB0`) is the working directory's: only its resolved form
        // is a path systemd can allow.
        var paths = path.hasPrefix("/") ? [path] : []
        if let resolved = realpath(path, nil) {
            paths.append(String(cString: resolved))
            free(resolved)
        }
        var lines: [String] = []
        for path in paths where !allowed.contains(path) {
            let line = "DeviceAllow=\(path) rw"
            if !lines.contains(line) { lines.append(line) }
        }
        return lines
    }

    /// check-config's note for a reader device the unit does not allow; nil when it does.
    package static func note(for spec: DeviceSpec) -> String? {
        let lines = missingLines(for: spec)
        guard !lines.isEmpty else { return nil }
        let quoted = lines.map { "`\($0)`" }.joined(separator: " and ")
        return "reader.device: \(spec) is not a device the shipped pn532ctl-door.service allows (DevicePolicy=closed): under it the door needs \(quoted) in a drop-in: scripts/install.sh --device writes /etc/systemd/system/pn532ctl-door.service.d/device.conf, or add it with systemctl edit pn532ctl-door"
    }
}

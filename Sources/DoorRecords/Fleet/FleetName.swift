/// A site's, door group's or door's name in the fleet: 1 to 64 ASCII letters, digits, `.`,
/// `_` and `-`, not starting with `.` or `-`. It is an MQTT topic level too, so it can hold
/// no `/`, `+`, `#` or NUL.
public enum FleetName {
    /// The longest name.
    public static let lengthLimit = 64

    /// True when `name` is a fleet name.
    public static func isValid(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard let first = bytes.first, bytes.count <= lengthLimit, first != UInt8(ascii: "."), first != UInt8(ascii: "-") else { return false }
        return bytes.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
        }
    }
}

import PN532

/// A kind of reader a plug-in adds to the device strings: the simulator's `sim` and `sim-i2c`
/// (`PN532ReaderSimulator`). A program registers the kinds it offers once, at start
/// (`DeviceSpec.register(_:)`); `DeviceSpec.parse(_:)` then tries them before the built-in
/// `uart:`, `/dev/PATH` and `i2c:` forms.
public protocol DeviceKind: Sendable {
    /// The forms the kind accepts, for messages (`sim, sim:TAG[,TAG…]`).
    var forms: String { get }

    /// The device `text` names when it is of this kind; nil when it is not.
    ///
    /// - Throws: `DeviceSpecError` when `text` is of this kind but not well formed.
    func parse(_ text: String) throws(DeviceSpecError) -> (any PluggedDevice)?
}

/// A reader of a plugged-in kind (`DeviceSpec.plugged`): what it is, and how to reach its chip.
public protocol PluggedDevice: Sendable, CustomStringConvertible {
    /// The link the chip is on: an I2C chip has no UART rate, and an IRQ line to wait on.
    var link: LinkKind { get }
    /// True for a chip that is not hardware (a simulator): nothing an attacker can hold.
    var isSimulated: Bool { get }
    /// Makes the endpoint a `ReaderDevice` opens and reopens the chip through.
    func endpoint() throws(PN532Error) -> any ReaderEndpoint
    /// True when `other` is the same device.
    func isEqual(to other: any PluggedDevice) -> Bool
}

/// Where a plugged-in reader's chip is, kept while a `ReaderDevice` is open: each opening
/// and reopening gets a new link to the same chip (a simulated chip keeps its field).
public protocol ReaderEndpoint: AnyObject {
    /// A new link to the chip; the reader starts a session on it.
    func link() throws(PN532Error) -> any ByteLink
}

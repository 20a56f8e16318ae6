/// Something start-up found off in the chip's state and put right: what another host or a
/// crashed process left behind.
public enum ChipFinding: Hashable, Sendable, CustomStringConvertible {
    /// The chip answered at another UART rate (bits per second).
    case rate(Int)
    /// A CIU register field did not hold what the driver relies on.
    case register(OwnedRegister)
    /// The RF field was on.
    case fieldOn

    public var description: String {
        switch self {
        case .rate(let bitsPerSecond): "the UART at \(bitsPerSecond) baud"
        case .register(let register): register.problem
        case .fieldOn: "the RF field on"
        }
    }
}

import PN532
import PN532Simulator

/// The commands a simulated chip received, in order, each with the UART rate it ran at
/// (`GetFirmwareVersion@921600`): what shows which part of a conversation ran at which rate.
public final class ChipCommandLog {
    /// One line per command frame the chip received.
    public private(set) var entries: [String] = []

    /// Starts logging what `chip` receives (replacing its trace).
    public init(_ chip: SimulatedPN532) {
        chip.trace = { [unowned self, unowned chip] event in
            guard case .received(.information(.hostToChip, let payload)) = event.kind, let code = payload.first else { return }
            entries.append("\(CommandCode(rawValue: code)?.name ?? "unknown command")@\(chip.bitsPerSecond)")
        }
    }

    /// Forgets what was logged so far.
    public func clear() {
        entries.removeAll()
    }
}

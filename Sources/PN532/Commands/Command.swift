import Basics
import NFCCore
/// A command to the PN532: its code and parameter bytes.
///
/// The static builders (``getFirmwareVersion``, ``inListPassiveTarget(maxTargets:baud:initiatorData:)``
/// and the others) give the parameters their documented layout; ``init(code:parameters:)``
/// sends anything.
public struct Command: Hashable, Sendable {
    /// Which command this is.
    public var code: CommandCode
    /// The bytes after the command code (PD1 … PDn).
    public var parameters: [UInt8]

    /// Creates a command from its code and raw parameter bytes.
    public init(code: CommandCode, parameters: [UInt8] = []) {
        self.code = code
        self.parameters = parameters
    }

    /// The command read from a host-to-chip frame payload, or `nil` when the payload is empty
    /// or its first byte is not a known command code.
    public init?(payload: [UInt8]) {
        guard let first = payload.first, let code = CommandCode(rawValue: first) else {
            return nil
        }
        self.init(code: code, parameters: Array(payload.dropFirst()))
    }

    /// The frame payload: the command code followed by the parameters.
    public var payload: [UInt8] {
        [code.rawValue] + parameters
    }

    /// The host-to-chip information frame that carries this command.
    public var frame: Frame {
        .information(direction: .hostToChip, payload: payload)
    }
}

extension Command: CustomStringConvertible {
    /// The command's name and parameters in hex: `InListPassiveTarget 01 00`.
    public var description: String {
        parameters.isEmpty ? code.name : "\(code.name) \(hexText(parameters))"
    }
}

import Basics
import NFCCore
/// A failure talking to the PN532, with what a technician needs: the device, the command,
/// the raw status byte or bytes, and what to check.
public struct PN532Error: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Hashable, Sendable {
        /// The link failed (open, I/O, unplugged).
        case link(LinkError)
        /// The command cannot be sent (e.g. too long for a frame); nothing was sent.
        case invalidCommand(String)
        /// No ACK after every resend of the command.
        case noAcknowledgement(attempts: Int)
        /// The chip acknowledged but did not answer before the deadline (the command was aborted).
        case timeout(Duration)
        /// The chip answered with a syntax error frame.
        case syntaxError
        /// The response stayed corrupt after every NACK.
        case corruptResponse(CorruptFrame)
        /// The reply could not be parsed.
        case reply(ReplyError)
        /// The chip reported an error in the reply's status byte.
        case status(PN532Status)
        /// Something that answers, but not a PN532 (GetFirmwareVersion's IC byte).
        case notPN532(FirmwareVersion)
        /// SetSerialBaudRate went through but the chip did not answer at the new rate (bits per
        /// second); `leftAt`: the rate the chip was brought back to, nil when it answered at
        /// none.
        case rateNotAnswered(bitsPerSecond: Int, leftAt: Int?)
    }

    /// What went wrong.
    public var kind: Kind
    /// The command being run, when there was one.
    public var command: CommandCode?
    /// The device path or link name.
    public var device: String
    /// The bus the device is on, when known: what the hints are about.
    public var link: LinkKind?
    /// What the link saw that explains it (`ByteLink.diagnosis`), when it says.
    public var diagnosis: String?

    /// Creates an error.
    public init(_ kind: Kind, command: CommandCode?, device: String, link: LinkKind? = nil, diagnosis: String? = nil) {
        self.kind = kind
        self.command = command
        self.device = device
        self.link = link
        self.diagnosis = diagnosis
    }

    public var description: String {
        let during = command.map { " (\($0.name))" } ?? ""
        switch kind {
        case .link(let error):
            return error.description + (isI2C ? Self.i2cHint(errno: error.errno) : isSPI ? Self.spiHint(errno: error.errno) : "")
        case .invalidCommand(let reason):
            return "cannot send\(during) to \(device): \(reason)"
        case .noAcknowledgement(let attempts) where isSPI:
            return "no ACK from the PN532 on \(device) after \(attempts) tries\(during) — " + (diagnosis.map { $0 + ". " } ?? "") + Self.spiNoAcknowledgementHint
        case .noAcknowledgement(let attempts) where isI2C:
            return "no ACK from the PN532 on \(device) after \(attempts) tries\(during) — " + Self.i2cNoAcknowledgementHint
        case .noAcknowledgement(let attempts):
            return "no ACK from the PN532 on \(device) after \(attempts) tries\(during) — is it powered, wired TX↔RX, "
                + "switched to HSU (UART) mode, and is the serial console disabled on that port?"
        case .timeout(let after):
            return "the PN532 on \(device) did not answer within \(Int(after.milliseconds)) ms\(during); the command was aborted"
        case .syntaxError:
            return "the PN532 on \(device) rejected the command as malformed\(during)"
        case .corruptResponse(let frame):
            return "corrupt responses from the PN532 on \(device)\(during): \(frame) — check wiring, ground and the baud rate"
        case .reply(let error):
            return "unexpected reply from the PN532 on \(device)\(during): \(error)"
        case .status(let status):
            return "PN532 on \(device)\(during): status \(hexByte(status.rawValue)): \(status)"
        case .notPN532(let version):
            return "the chip on \(device) is not a PN532 (IC \(hexByte(version.ic)), expected 0x32)"
        case .rateNotAnswered(let rate, let leftAt?):
            return "the PN532 on \(device) did not answer at \(rate) baud after SetSerialBaudRate; it is back at \(leftAt) baud — "
                + "does the serial port support \(rate) baud? Give a lower rate (uart:\(device):460800) or none"
        case .rateNotAnswered(let rate, nil):
            return "the PN532 on \(device) did not answer at \(rate) baud after SetSerialBaudRate, nor at the rate before — "
                + "does the serial port support \(rate) baud? The next start looks for the chip at the rates it may be left at"
        }
    }
}

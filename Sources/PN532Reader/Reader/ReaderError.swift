import GPIO
import NFCCore
import NFCTags
import PN532
import TagProtocols

/// Why a reader could not be opened, or a tag could not be connected to. The structure is
/// kept (the PN532's error with its device, command and status; the GPIO error; the tag's
/// error) so that a program can say what went wrong and what to do.
public enum ReaderError: Error, Equatable, CustomStringConvertible {
    /// An IRQ line was given for a device that is not on I2C (on UART the PN532 answers on
    /// the serial line).
    case interruptLineNeedsI2C(DeviceSpec)
    /// The GPIO line wired to the PN532's IRQ pin could not be requested.
    case interruptLine(pin: String, GPIOError)
    /// The reader failed: it could not be opened, did not start, or a command failed.
    case reader(PN532Error)
    /// No tag is in the field (`waited`: after waiting for one).
    case noTag(waited: Bool)
    /// More than one tag is in the field where exactly one was needed.
    case moreThanOneTag
    /// The tag in the field failed: it did not answer, refused, or holds something else than
    /// asked (the tag layer's error is the failure's `underlying`).
    case tag(TagFailure)
    /// The card in the field is of a family whose NDEF is not read (MIFARE Classic, type B …),
    /// or a Type 1, 3 or 4 tag where a Type 2 tag is needed (the words say which): what it is
    /// and its activation bytes.
    case notNDEFTag(CardFamily, TargetInfo)

    /// Core NFC's words for a field with more than one tag.
    public static let moreThanOneTagMessage = "More than one tag detected — remove all but one and try again."

    public var description: String {
        switch self {
        case .interruptLineNeedsI2C: "an IRQ line goes with an i2c: or spi: device (on UART the PN532 answers on the serial line)"
        case .interruptLine(_, let error): error.description
        case .reader(let error): error.description
        case .noTag: "no tag in the field"
        case .moreThanOneTag: Self.moreThanOneTagMessage
        case .tag(let error): error.description
        case .notNDEFTag(let family, _):
            family.ndefRefusal
                ?? "this works on NFC Forum Type 2 tags only: \(family.name)\(family.nfcForumType.map { " is NFC Forum Type \($0)" } ?? ""); read, write, identify, lock, dump, flash and token work on it"
        }
    }
}

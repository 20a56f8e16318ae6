import PN532Reader
import PN532

extension NFCTagReaderSession {
    /// The card families a tag reader session reports, as Core NFC's
    /// `NFCTagReaderSession.PollingOption` (same raw values).
    ///
    /// Core NFC's `.iso15693` is left out: a PN532 has no ISO/IEC 15693 (vicinity) radio, so
    /// code that asks for it fails to compile rather than finding nothing at run time. A raw
    /// value naming it (2) or any other bit unknown here, and an empty option, are refused
    /// when the session begins: it ends with `readerErrorInvalidParameter`.
    public struct PollingOption: OptionSet, Hashable, Sendable {
        public let rawValue: Int

        /// Creates an option from Core NFC's raw value.
        public init(rawValue: Int) {
            self.rawValue = rawValue
        }

        /// ISO/IEC 14443: type A (MIFARE, NTAG, ISO-DEP A cards, phones) and type B cards.
        public static let iso14443 = PollingOption(rawValue: 1 << 0)
        /// ISO/IEC 18092: FeliCa at 212 and 424 kbps.
        public static let iso18092 = PollingOption(rawValue: 1 << 2)

        /// Every bit this library knows.
        static let known: PollingOption = [.iso14443, .iso18092]

        /// The families the field watcher polls between its waits for a type A tag (FeliCa
        /// first, as the reader's default order has it). Jewel/Topaz is never polled: Core NFC
        /// has no tag for it (see `NFCTag`).
        var otherFamilies: [PassiveModulation] {
            PN532Session.otherModulations.filter { modulation in
                switch modulation {
                case .felica212, .felica424: contains(.iso18092)
                case .typeB106: contains(.iso14443)
                case .typeA106, .jewel106: false
                }
            }
        }

        /// Whether the session reports a target of `modulation`.
        func reports(_ modulation: PassiveModulation) -> Bool {
            switch modulation {
            case .typeA106, .typeB106: contains(.iso14443)
            case .felica212, .felica424: contains(.iso18092)
            case .jewel106: false
            }
        }

        /// Why a session with this option cannot begin; nil when it can.
        var refusal: NFCReaderError? {
            if isEmpty {
                return NFCReaderError(.readerErrorInvalidParameter, "the polling option is empty: give .iso14443, .iso18092 or both")
            }
            guard isSubset(of: Self.known) else {
                return NFCReaderError(
                    .readerErrorInvalidParameter,
                    "the polling option \(rawValue) asks for a technology a PN532 does not poll (ISO/IEC 15693 has no radio here): give .iso14443, .iso18092 or both")
            }
            return nil
        }
    }
}

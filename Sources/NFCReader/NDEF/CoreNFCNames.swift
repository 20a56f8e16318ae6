import NDEF

/// Core NFC's `NFCNDEFMessage`: the `NDEF` library's `NDEFMessage` (`records`, `length`,
/// `init(records:)`).
public typealias NFCNDEFMessage = NDEFMessage

/// Core NFC's `NFCNDEFPayload`: the `NDEF` library's `NDEFRecord` (`typeNameFormat`, `type`,
/// `identifier`, `payload`; `wellKnownTypeURIPayload(string:)` and the other constructors).
public typealias NFCNDEFPayload = NDEFRecord

/// Core NFC's `NFCTypeNameFormat`: the `NDEF` library's `TypeNameFormat`, with the same cases.
public typealias NFCTypeNameFormat = TypeNameFormat

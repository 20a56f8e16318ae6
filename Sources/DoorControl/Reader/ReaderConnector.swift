import NFCReader

/// Opens the reader the configuration names, and opens it again after it went away
/// (`NFCReader`'s connector, under the name the door's code and tests use).
public typealias ReaderConnector = NFCReader.ReaderConnector

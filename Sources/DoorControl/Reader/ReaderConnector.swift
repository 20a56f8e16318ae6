import PN532Reader

/// Opens the reader the configuration names, and opens it again after it went away
/// (`PN532Reader`'s connector, under the name the door's code and tests use).
public typealias ReaderConnector = PN532Reader.ReaderConnector

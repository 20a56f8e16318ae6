import JSONText

/// The JSON values the commands print: the package's one JSON writer (`JSONText`).
typealias JSON = JSONValue

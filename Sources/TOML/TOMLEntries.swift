/// Keys in document order, each with a value: found by a scan while a table has few keys
/// (a configuration's tables have a handful, and a scan costs no hashing or allocation), by
/// a hash index once it has more, so that a table of any size is filled in linear time.
struct TOMLEntries<Value> {
    /// The keys, in document order.
    private(set) var keys: [String] = []
    /// The values, in the keys' order.
    private(set) var values: [Value] = []
    /// The position of every key, built when the table outgrows `scanLimit`.
    private var positions: [String: Int]?

    /// The most keys looked up by a scan.
    static var scanLimit: Int { 8 }

    /// Entries with room for `capacity` without reallocating.
    init(capacity: Int = 0) {
        keys.reserveCapacity(capacity)
        values.reserveCapacity(capacity)
        if capacity > Self.scanLimit { positions = Dictionary(minimumCapacity: capacity) }
    }

    var count: Int { keys.count }

    /// Where `key` is, if present.
    func position(of key: String) -> Int? {
        if let positions { return positions[key] }
        return keys.firstIndex(of: key)
    }

    /// The value of `key`, if present.
    subscript(key: String) -> Value? {
        position(of: key).map { values[$0] }
    }

    /// Adds `key`, which must not be present yet, at the end.
    mutating func append(_ key: String, _ value: Value) {
        keys.append(key)
        values.append(value)
        if positions != nil {
            positions?[key] = keys.count - 1
        } else if keys.count > Self.scanLimit {
            positions = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, $0) })
        }
    }

    /// Replaces the value at `position` (from `position(of:)`).
    mutating func replace(at position: Int, with value: Value) {
        values[position] = value
    }
}

extension TOMLEntries: Sendable where Value: Sendable {}

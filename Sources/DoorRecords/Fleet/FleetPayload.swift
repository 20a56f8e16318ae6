import JSONText

/// The members of a signed fleet payload (a users snapshot, an unlock command): one flat JSON
/// object in UTF-8, read strictly, the one reader of both. Text that is not UTF-8 or not one
/// object, a duplicate key, a member not in the payload's list, or a value of the wrong type
/// is refused with `malformed`'s error, whose words say which.
struct FleetPayload<Failure: Error> {
    private let members: [String: FlatJSON.Value]
    private let malformed: (String) -> Failure

    /// Reads `bytes` (the caller has bounded their size), allowing only the members `known`.
    init(_ bytes: [UInt8], known: [String], malformed: @escaping (String) -> Failure) throws(Failure) {
        self.malformed = malformed
        guard let text = String(validating: bytes, as: UTF8.self) else { throw malformed("it is not UTF-8") }
        do throws(FlatJSON.ParseError) { members = try FlatJSON.object(text) } catch { throw malformed("\(error)") }
        if let unknown = members.keys.sorted().first(where: { !known.contains($0) }) { throw malformed("unknown member \"\(unknown)\"") }
    }

    /// The string member `key`.
    func string(_ key: String) throws(Failure) -> String {
        guard case .string(let value)? = members[key] else { throw malformed("\"\(key)\" is missing or not a string") }
        return value
    }

    /// The string member `key`, or nil when it is absent.
    func optionalString(_ key: String) throws(Failure) -> String? {
        guard members[key] != nil else { return nil }
        return try string(key)
    }

    /// The member `key`: a whole number written in decimal digits only, at most 2^64 − 1.
    func number(_ key: String) throws(Failure) -> UInt64 {
        guard case .number(let text)? = members[key], text.utf8.count <= 20, text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
              let value = UInt64(text) else { throw malformed("\"\(key)\" is missing or not a whole number") }
        return value
    }
}

import NDEF

extension NDEFMessage {
    /// True when `record` is a `pn532ctl.org:token` record (external type, any case).
    public static func isToken(_ record: NDEFRecord) -> Bool {
        record.typeNameFormat == .nfcExternal && record.typeString.lowercased() == SignedToken.recordType
    }

    /// The token records, in message order, unverified.
    public var tokenRecords: [NDEFRecord] {
        records.filter(Self.isToken)
    }

    /// This message with its token records replaced by the two slots of `token` (`TokenSlots`),
    /// the other records kept in place (the slots go where the first token was, else last).
    public func replacingToken(with token: NDEFRecord) -> NDEFMessage {
        let slots = [token, token]
        guard let first = records.firstIndex(where: Self.isToken) else { return NDEFMessage(records: records + slots) }
        var replaced: [NDEFRecord] = []
        for (index, record) in records.enumerated() {
            if index == first {
                replaced += slots
            } else if !Self.isToken(record) {
                replaced.append(record)
            }
        }
        return NDEFMessage(records: replaced)
    }
}

/// A tag's two token slots: two token records of the same length in one NDEF message. A
/// rolling counter is written into the slot that does not hold the counter the door last
/// confirmed, in place (same length, only the counter's and MAC's pages change), so a tag
/// pulled away mid-write still holds the confirmed token in the other slot.
public enum TokenSlots {
    /// The most token records a presentation may carry; more is refused.
    public static let count = 2

    /// The message with the token record at `slot` (0 or 1 among the token records) replaced
    /// by `record`; a message with fewer token records gets the record appended as a slot.
    public static func message(_ message: NDEFMessage?, writing record: NDEFRecord, into slot: Int) -> NDEFMessage {
        var records = message?.records ?? []
        let positions = records.indices.filter { NDEFMessage.isToken(records[$0]) }
        if slot < positions.count {
            records[positions[slot]] = record
        } else if let last = positions.last {
            records.insert(record, at: last + 1)
        } else {
            records += [record, record]
        }
        return NDEFMessage(records: records)
    }
}

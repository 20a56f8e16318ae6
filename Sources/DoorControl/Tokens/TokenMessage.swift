import NDEF

extension NDEFMessage {
    /// True when `record` is a `pn532ctl.org:token` record (external type, any case).
    static func isToken(_ record: NDEFRecord) -> Bool {
        record.typeNameFormat == .nfcExternal && record.typeString.lowercased() == SignedToken.recordType
    }

    /// The token records, in message order, unverified.
    public var tokenRecords: [NDEFRecord] {
        records.filter(Self.isToken)
    }

    /// This message with its first token record replaced by `token` and any other token
    /// records dropped, the other records kept in place; `token` goes last when there was none.
    public func replacingToken(with token: NDEFRecord) -> NDEFMessage {
        guard let first = records.firstIndex(where: Self.isToken) else { return NDEFMessage(records: records + [token]) }
        var replaced: [NDEFRecord] = []
        for (index, record) in records.enumerated() {
            if index == first {
                replaced.append(token)
            } else if !Self.isToken(record) {
                replaced.append(record)
            }
        }
        return NDEFMessage(records: replaced)
    }
}

/// Header flag bits of an NDEF record.
enum HeaderFlag {
    static let messageBegin: UInt8 = 0x80
    static let messageEnd: UInt8 = 0x40
    static let chunk: UInt8 = 0x20
    static let shortRecord: UInt8 = 0x10
    static let identifierLength: UInt8 = 0x08
    static let formatMask: UInt8 = 0x07
}

extension NDEFRecord {
    /// This record's bytes with the MB and ME flags as given: for building messages a record at
    /// a time. The short-record form is used when the payload is under 256 bytes.
    public func encoded(messageBegin: Bool, messageEnd: Bool) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(length)
        encode(into: &out, messageBegin: messageBegin, messageEnd: messageEnd, maximumChunkSize: nil)
        return out
    }

    func encode(
        into out: inout [UInt8], messageBegin: Bool, messageEnd: Bool, maximumChunkSize: Int?
    ) {
        guard let chunkSize = maximumChunkSize, payload.count > chunkSize else {
            Self.appendRecord(
                to: &out, format: typeNameFormat, type: type, identifier: identifier,
                payload: payload[...], begin: messageBegin, end: messageEnd, chunk: false)
            return
        }
        var start = 0
        while start < payload.count {
            let stop = min(start + chunkSize, payload.count)
            let first = start == 0
            let last = stop == payload.count
            Self.appendRecord(
                to: &out,
                format: first ? typeNameFormat : .unchanged,
                type: first ? type : [],
                identifier: first ? identifier : [],
                payload: payload[start..<stop],
                begin: messageBegin && first,
                end: messageEnd && last,
                chunk: !last)
            start = stop
        }
    }

    private static func appendRecord(
        to out: inout [UInt8], format: TypeNameFormat, type: [UInt8], identifier: [UInt8],
        payload: ArraySlice<UInt8>, begin: Bool, end: Bool, chunk: Bool
    ) {
        let shortRecord = payload.count < 256
        var header = format.rawValue
        if begin { header |= HeaderFlag.messageBegin }
        if end { header |= HeaderFlag.messageEnd }
        if chunk { header |= HeaderFlag.chunk }
        if shortRecord { header |= HeaderFlag.shortRecord }
        if !identifier.isEmpty { header |= HeaderFlag.identifierLength }
        out.append(header)
        out.append(UInt8(type.count))
        if shortRecord {
            out.append(UInt8(payload.count))
        } else {
            let length = UInt32(payload.count)
            out.append(contentsOf: [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: length >> $0) })
        }
        if !identifier.isEmpty { out.append(UInt8(identifier.count)) }
        out.append(contentsOf: type)
        out.append(contentsOf: identifier)
        out.append(contentsOf: payload)
    }
}

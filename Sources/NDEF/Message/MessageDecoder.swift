/// Decodes the records of one NDEF message, reassembling chunked records.
struct MessageDecoder {
    private let bytes: [UInt8]
    private let mode: DecodingMode
    private var position = 0

    init(bytes: [UInt8], mode: DecodingMode) {
        self.bytes = bytes
        self.mode = mode
    }

    /// A record as it stands in the data, before chunk reassembly.
    private struct RawRecord {
        var offset: Int
        var header: UInt8
        var type: Range<Int>
        var identifier: Range<Int>?
        var payload: Range<Int>

        var format: TypeNameFormat { TypeNameFormat(rawValue: header & HeaderFlag.formatMask) ?? .reserved }
        var messageBegin: Bool { header & HeaderFlag.messageBegin != 0 }
        var messageEnd: Bool { header & HeaderFlag.messageEnd != 0 }
        var chunked: Bool { header & HeaderFlag.chunk != 0 }
    }

    /// A record being read: a chunked one whose terminating chunk has not been read yet, or
    /// a whole one.
    private struct PendingRecord {
        /// Where its first chunk starts.
        var offset: Int
        var format: TypeNameFormat
        var type: [UInt8]
        var identifier: [UInt8]
        /// True when the first chunk has an ID LENGTH field (IL set), even of 0.
        var hasIdentifierField: Bool
        var payload: [UInt8]

        var record: NDEFRecord {
            NDEFRecord(unchecked: format, type: type, identifier: identifier, payload: payload)
        }
    }

    mutating func decode() throws(NDEFError) -> [NDEFRecord] {
        guard !bytes.isEmpty else { throw NDEFError(offset: 0, reason: .empty) }
        var records: [NDEFRecord] = []
        var pending: PendingRecord?
        var count = 0
        while position < bytes.count {
            let raw = try readRawRecord()
            if count == 0, !raw.messageBegin { try violation(.missingMessageBegin, at: raw.offset) }
            if count > 0, raw.messageBegin { try violation(.unexpectedMessageBegin, at: raw.offset) }
            count += 1
            if var chunk = pending {
                if raw.format != .unchanged || !raw.type.isEmpty {
                    try violation(.chunkNotUnchanged, at: raw.offset)
                }
                if raw.identifier != nil { try violation(.identifierInChunk, at: raw.offset) }
                chunk.payload.append(contentsOf: bytes[raw.payload])
                if raw.chunked {
                    pending = chunk
                } else {
                    records.append(try complete(chunk))
                    pending = nil
                }
            } else {
                let chunk = PendingRecord(
                    offset: raw.offset,
                    format: raw.format,
                    type: Array(bytes[raw.type]),
                    identifier: raw.identifier.map { Array(bytes[$0]) } ?? [],
                    hasIdentifierField: raw.identifier != nil,
                    payload: Array(bytes[raw.payload]))
                if raw.chunked { pending = chunk } else { records.append(try complete(chunk)) }
            }
            if raw.messageEnd {
                if let chunk = pending {
                    try violation(.unterminatedChunk, at: raw.offset)
                    records.append(try complete(chunk))
                }
                if position < bytes.count {
                    try violation(.trailingBytes(count: bytes.count - position), at: position)
                }
                return records
            }
        }
        try violation(.missingMessageEnd, at: position)
        if let chunk = pending { records.append(try complete(chunk)) }
        return records
    }

    /// A rule broken that lenient mode lets pass.
    private func violation(_ reason: NDEFError.Reason, at offset: Int) throws(NDEFError) {
        if mode == .strict { throw NDEFError(offset: offset, reason: reason) }
    }

    /// The record `chunk` holds, once all its chunks are read, checked against the rules of
    /// its type name format: a chunked record is checked as a whole (an empty record whose
    /// later chunks carry a payload is not empty).
    private func complete(_ chunk: PendingRecord) throws(NDEFError) -> NDEFRecord {
        switch chunk.format {
        case .empty:
            if !chunk.type.isEmpty || chunk.hasIdentifierField || !chunk.payload.isEmpty {
                try violation(.contentInEmptyRecord, at: chunk.offset)
            }
        case .nfcWellKnown, .media, .absoluteURI, .nfcExternal:
            if chunk.type.isEmpty { try violation(.missingType(chunk.format), at: chunk.offset) }
        case .unknown:
            if !chunk.type.isEmpty { try violation(.unexpectedType(chunk.format), at: chunk.offset) }
        case .unchanged:
            try violation(.unchangedOutsideChunk, at: chunk.offset)
        case .reserved:
            try violation(.reservedTypeNameFormat, at: chunk.offset)
        }
        return chunk.record
    }

    private mutating func readRawRecord() throws(NDEFError) -> RawRecord {
        let offset = position
        let header = try readByte(.header)
        let typeLength = Int(try readByte(.typeLength))
        let payloadLength: Int
        if header & HeaderFlag.shortRecord != 0 {
            payloadLength = Int(try readByte(.payloadLength))
        } else {
            try need(4, for: .payloadLength)
            payloadLength = bytes[position..<position + 4].reduce(0) { $0 << 8 | Int($1) }
            position += 4
        }
        let identifierLength: Int? =
            header & HeaderFlag.identifierLength != 0 ? Int(try readByte(.identifierLength)) : nil
        let type = try take(typeLength, for: .type)
        let identifier = try identifierLength.map { length throws(NDEFError) in
            try take(length, for: .identifier)
        }
        let payload = try take(payloadLength, for: .payload)
        return RawRecord(
            offset: offset, header: header, type: type, identifier: identifier, payload: payload)
    }

    private func need(_ count: Int, for field: NDEFError.Field) throws(NDEFError) {
        let available = bytes.count - position
        guard count <= available else {
            throw NDEFError(
                offset: position, reason: .truncated(field, needed: count, available: available))
        }
    }

    private mutating func readByte(_ field: NDEFError.Field) throws(NDEFError) -> UInt8 {
        try need(1, for: field)
        defer { position += 1 }
        return bytes[position]
    }

    private mutating func take(_ count: Int, for field: NDEFError.Field) throws(NDEFError) -> Range<Int> {
        try need(count, for: field)
        defer { position += count }
        return position..<position + count
    }
}

import ISO7816
import NFCCore
import NDEF
import TagProtocols

/// The NDEF file as one operation found it: the CC, and the chunk sizes it allows.
struct NDEFFile {
    let cc: Type4CapabilityContainer
    /// READ BINARY size: min(MLe, the link's).
    let readChunk: Int
    /// UPDATE BINARY size: min(MLc, the link's).
    let updateChunk: Int
}

extension Type4Tag {
    /// Selects the application, reads and checks the Capability Container, and selects the
    /// NDEF file.
    func openNDEFFile() throws(Type4Error) -> NDEFFile {
        let mapping = try selectApplication()
        try selectFile(Self.capabilityContainerFile, mapping: mapping)
        let lengthBytes = try read(offset: 0, count: 2, chunk: 2)
        let stated = Int(lengthBytes[0]) << 8 | Int(lengthBytes[1])
        guard stated >= Type4CapabilityContainer.minimumLength else {
            throw .invalidCapabilityContainer("CCLEN \(stated) is shorter than the \(Type4CapabilityContainer.minimumLength) bytes of its own fields")
        }
        let wanted = min(stated, Type4CapabilityContainer.readLength)
        let rest = try read(offset: 2, count: wanted - 2, chunk: Type4CapabilityContainer.minimumReadLength)
        let cc = try Type4CapabilityContainer(bytes: lengthBytes + rest)
        try selectFile(cc.fileID, mapping: mapping)
        return NDEFFile(cc: cc, readChunk: min(cc.maximumReadLength, maximumReadLength), updateChunk: min(cc.maximumUpdateLength, maximumUpdateLength))
    }

    /// Reads the NDEF length field (NLEN or ENLEN) and checks it against the file.
    func readMessageLength(_ file: NDEFFile) throws(Type4Error) -> Int {
        let bytes = try read(offset: 0, count: file.cc.lengthFieldSize, chunk: file.readChunk)
        let length = bytes.reduce(0) { $0 << 8 | Int($1) }
        guard length <= file.cc.capacity else { throw .lengthBeyondFile(length: length, capacity: file.cc.capacity) }
        return length
    }

    /// The NDEF status and capacity, as Core NFC's `queryNDEFStatus`: not supported without
    /// the NDEF application or with a read-protected file; read-only when the write access is
    /// not free; the capacity is the file's size less its length field.
    ///
    /// - Throws: `.invalidCapabilityContainer` for a CC that breaks the mapping, or the
    ///   exchange's failure.
    public func queryNDEFStatus() throws(Type4Error) -> NDEFStatusReport {
        let file: NDEFFile
        do throws(Type4Error) { file = try openNDEFFile() } catch .noNDEFApplication {
            return NDEFStatusReport(status: .notSupported, capacity: 0)
        }
        guard file.cc.isReadable else { return NDEFStatusReport(status: .notSupported, capacity: 0) }
        return NDEFStatusReport(status: file.cc.isWritable ? .readWrite : .readOnly, capacity: file.cc.capacity)
    }

    /// The raw NDEF message bytes (without the length field): READ BINARY of NLEN bytes from
    /// after the length field, in chunks of min(MLe, the link's limit).
    public func readNDEFBytes() throws(Type4Error) -> [UInt8] {
        let file = try openNDEFFile()
        guard file.cc.isReadable else { throw .readProtected(access: file.cc.readAccess) }
        let length = try readMessageLength(file)
        guard length > 0 else { return [] }
        return try read(offset: file.cc.lengthFieldSize, count: length, chunk: file.readChunk)
    }

    /// The tag's NDEF message, decoded in `mode`; empty when NLEN is 0.
    public func readNDEF(mode: DecodingMode = .strict) throws(Type4Error) -> NDEFMessage {
        let bytes = try readNDEFBytes()
        guard !bytes.isEmpty else { return .empty }
        do throws(NDEFError) { return try NDEFMessage(decoding: bytes, mode: mode) } catch { throw .invalidNDEF(error) }
    }

    /// Writes `message` tear-safe: nothing unless the file is writable and large enough; then
    /// the length field set to 0 with the first part of the message, the rest in chunks of
    /// min(MLc, the link's limit), and the real length last, so a card pulled away holds no
    /// message or the new one. A message that fits one UPDATE BINARY with its length goes in
    /// one. With `verify` the file is read back and compared.
    public func writeNDEF(_ message: NDEFMessage, verify: Bool = true) throws(Type4Error) {
        let file = try openNDEFFile()
        guard file.cc.isWritable else { throw .readOnly(access: file.cc.writeAccess) }
        let bytes = message.encoded()
        guard bytes.count <= file.cc.capacity else { throw .messageTooLong(length: bytes.count, capacity: file.cc.capacity) }
        let size = file.cc.lengthFieldSize
        let lengthField = (0..<size).reversed().map { UInt8(truncatingIfNeeded: bytes.count >> ($0 * 8)) }
        var written = 0
        func update(_ offset: Int, _ data: [UInt8]) throws(Type4Error) {
            do throws(Type4Error) { try updateBinary(offset: offset, data) } catch {
                if case .exchange(.exchange(.noAnswer), _) = error, written > 0 { throw .tornWrite(bytesWritten: written) }
                throw error
            }
            written += data.count
        }
        if size + bytes.count <= file.updateChunk {
            try update(0, lengthField + bytes)
        } else {
            let image = [UInt8](repeating: 0, count: size) + bytes
            var offset = 0
            while offset < image.count {
                let end = min(image.count, offset + file.updateChunk)
                try update(offset, Array(image[offset..<end]))
                offset = end
            }
            try update(0, lengthField)
        }
        guard verify else { return }
        let back = try read(offset: 0, count: size + bytes.count, chunk: file.readChunk)
        let wanted = lengthField + bytes
        if let mismatch = wanted.indices.first(where: { back[$0] != wanted[$0] }) { throw .verificationFailed(offset: mismatch) }
    }

    /// Making a Type 4 tag read-only changes its NDEF file's access rights, which needs the
    /// card's keys (NTAG 424 DNA: ChangeFileSettings after authenticating with key 0; DESFire:
    /// with the application master key): this layer does not. A tag already read-only is
    /// `.alreadyLocked`; otherwise `.lockUnsupported` with that reason. Nothing is written.
    public func lock() throws(Type4Error) {
        let file = try openNDEFFile()
        if file.cc.writeAccess == 0xFF { throw .alreadyLocked }
        throw .lockUnsupported("its NDEF file's access rights change only with the card's keys (NTAG 424 DNA: key 0; DESFire: the application master key), which this layer does not use")
    }
}

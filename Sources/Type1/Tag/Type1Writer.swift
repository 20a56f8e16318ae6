import NFCCore

/// Writes bytes to a Type 1 tag in the fewest commands it allows, keeping its image current
/// and counting what was written: WRITE-E (or WRITE-NE) byte by byte in blocks 0–E, WRITE-E8
/// (or WRITE-NE8) block by block beyond. Only bytes that change are written.
///
/// A failure after the first write is a torn write; an answer that does not hold the bytes
/// written is a refused write (a locked block).
struct Type1Writer {
    let tag: Type1Tag
    /// The tag's memory as it now is.
    private(set) var image: [UInt8]
    /// How many bytes were written so far.
    private(set) var bytesWritten = 0

    init(tag: Type1Tag, image: [UInt8]) {
        self.tag = tag
        self.image = image
    }

    /// Writes `bytes` (address → value) erasing first, in address order; bytes that already
    /// hold their value are not written.
    mutating func write(_ bytes: [Int: UInt8]) throws(Type1Error) {
        try put(bytes.filter { image[$0.key] != $0.value }, erase: true)
    }

    /// Sets the bits of `bits` (address → mask) without erasing (lock and OTP bytes).
    mutating func setBits(_ bits: [Int: UInt8]) throws(Type1Error) {
        try put(bits.filter { image[$0.key] & $0.value != $0.value }, erase: false)
    }

    private mutating func put(_ bytes: [Int: UInt8], erase: Bool) throws(Type1Error) {
        var blocks: [Int: [Int: UInt8]] = [:]
        for (address, value) in bytes.sorted(by: { $0.key < $1.key }) {
            if Type1Command.byteAddressable.contains(address) {
                try writeByte(value, at: address, erase: erase)
            } else {
                blocks[address / 8, default: [:]][address] = value
            }
        }
        for (block, values) in blocks.sorted(by: { $0.key < $1.key }) {
            try writeBlock(block, values, erase: erase)
        }
    }

    private mutating func writeByte(_ value: UInt8, at address: Int, erase: Bool) throws(Type1Error) {
        let code = erase ? Type1Command.writeErase : Type1Command.writeNoErase
        let step = "\(erase ? "WRITE-E" : "WRITE-NE") byte \(address)"
        let answer = try guarded { () throws(Type1Error) in
            try tag.send(Type1Command.short(code, address: address, data: value, uid: tag.uid), expecting: 1, step: step)
        }
        guard erase ? answer == [value] : answer[0] & value == value else {
            throw .writeRefused(address: address, wrote: [value], answered: answer)
        }
        image[address] = answer[0]
        bytesWritten += 1
    }

    private mutating func writeBlock(_ block: Int, _ values: [Int: UInt8], erase: Bool) throws(Type1Error) {
        let start = block * 8
        var data = erase ? Array(image[start..<start + 8]) : [UInt8](repeating: 0, count: 8)
        for (address, value) in values { data[address - start] = value }
        let code = erase ? Type1Command.writeErase8 : Type1Command.writeNoErase8
        let step = "\(erase ? "WRITE-E8" : "WRITE-NE8") block \(block)"
        let answer = try guarded { () throws(Type1Error) in
            try tag.send(Type1Command.long(code, address: block, data: data, uid: tag.uid), expecting: 8, step: step)
        }
        let holds = erase ? answer == data : zip(answer, data).allSatisfy { $0 & $1 == $1 }
        guard holds else { throw .writeRefused(address: start, wrote: data, answered: answer) }
        image.replaceSubrange(start..<start + 8, with: answer)
        bytesWritten += values.count
    }

    /// Runs a write command; an exchange failure is a torn write once anything was written,
    /// and so is the first one (the tag may have written it before it left).
    private func guarded(_ body: () throws(Type1Error) -> [UInt8]) throws(Type1Error) -> [UInt8] {
        do { return try body() } catch {
            switch error {
            case .exchange(.noAnswer, _), .malformedAnswer: throw .tornWrite(bytesWritten: bytesWritten)
            default: throw error
            }
        }
    }
}

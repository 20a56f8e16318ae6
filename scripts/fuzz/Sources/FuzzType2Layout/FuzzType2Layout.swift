import FuzzSupport
import NDEF
import NFCCore
import Type2

/// libFuzzer entry point for the Type 2 layout reader: the CC, the lock bytes and the TLV walk
/// of `queryNDEFStatus` and `readNDEF`, over a tag memory image answered by `MemoryTag`.
///
/// Input: a product byte, then the memory from page 0 (zeros after the input's end).
/// Invariants: no trap; the reads ask only for pages that exist; a message read (not empty)
/// re-encodes to itself; what `readNDEF` reads agrees with `Type2DataArea.ndefMessage` on the same data area
/// (CC size capped at the user memory), walked and decoded in the same mode, in both modes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzType2Layout(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let product = Type2Product.allCases[input.choice(Type2Product.allCases.count)]
    var memory = input.bytes(product.pageCount * 4)
    memory += [UInt8](repeating: 0, count: product.pageCount * 4 - memory.count)

    let exchange = MemoryTag(memory: memory, product: product)
    let tag = Type2Tag(exchange: exchange, product: product, version: nil)
    _ = try? tag.queryNDEFStatus()
    for mode in [DecodingMode.strict, .lenient] {
        let read = Result { () throws(Type2Error) in try tag.readNDEF(mode: mode) }
        if case .success(let message) = read, message != .empty {
            require((try? NDEFMessage(decoding: message.encoded(), mode: mode)) == message, "\(message) does not re-encode")
        }
        checkAgreement(read, memory: memory, product: product, mode: mode)
    }
    return 0
}

/// Checks `read` against the NDEF TLV `Type2DataArea` finds in the same data area.
private func checkAgreement(_ read: Result<NDEFMessage, Type2Error>, memory: [UInt8], product: Type2Product, mode: DecodingMode) {
    let cc = CapabilityContainer(page: Array(memory[12..<16]))
    guard cc.supportsNDEF else {
        if case .success = read { fatalError("a message was read from a tag without an NDEF CC") }
        return
    }
    let areaSize = min(cc.dataAreaSize, (product.userMemoryEnd - 4) * 4)
    let area = Array(memory[16..<16 + areaSize])
    let reference = Result { () throws(NDEFError) -> NDEFMessage in
        let bytes = try Type2DataArea.ndefMessage(in: area, mode: mode).message
        if bytes.isEmpty { return .empty }
        return try NDEFMessage(decoding: bytes, mode: mode)
    }
    switch (read, reference) {
    case (.success(let message), .success(let expected)):
        require(message == expected, "read \(message), the data area holds \(expected)")
    case (.success(let message), .failure(let error)):
        fatalError("read \(message) from a data area that holds none (\(error))")
    case (.failure(let error), .success(let expected)):
        fatalError("the data area holds \(expected), the read failed: \(error)")
    case (.failure, .failure):
        break
    }
}

/// A Type 2 tag that is only its memory: READ (16 bytes, rolling over past the last page) and
/// FAST_READ of existing pages; anything else, or a page that does not exist, is refused.
final class MemoryTag: TagExchange {
    let memory: [UInt8]
    let product: Type2Product

    init(memory: [UInt8], product: Type2Product) {
        self.memory = memory
        self.product = product
    }

    /// A PN532's limits: 252 bytes each way in a normal frame.
    var maximumCommandLength: Int { 252 }

    var maximumAnswerLength: Int { 252 }

    func exchange(_ command: [UInt8], answer: TagAnswer) throws(TagExchangeError) -> [UInt8] {
        switch command.first {
        case 0x30 where command.count == 2 && Int(command[1]) < product.pageCount:
            return (0..<4).flatMap { page((Int(command[1]) + $0) % product.pageCount) }
        case 0x3A where command.count == 3 && product.hasExtendedCommands:
            let first = Int(command[1])
            let last = Int(command[2])
            guard first <= last, last < product.pageCount else { throw .negativeAcknowledgement(0) }
            return (first...last).flatMap(page)
        default:
            throw .negativeAcknowledgement(0)
        }
    }

    func reselect() throws(TagExchangeError) {}

    private func page(_ number: Int) -> [UInt8] {
        Array(memory[number * 4..<number * 4 + 4])
    }
}

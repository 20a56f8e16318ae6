import FuzzSupport
import Type2

/// libFuzzer entry point for `restore`'s reading of a `.mfd` dump: `Type2Image` and the
/// `RestorePlan` worked out from it and the tag's memory.
///
/// Input: a product byte, a scope byte, then the dump (any length: most are refused by size),
/// then the tag's memory (zeros after the input's end).
/// Invariants: no trap; a dump of another size than the product's is refused; a plan never
/// writes pages 0 and 1, page 2's first two bytes, PWD or PACK, nor AUTH0, PROT or AUTHLIM;
/// without `.all` it writes user pages only; a write to a one-time-programmable page only
/// sets bits, and is marked irreversible.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRestorePlan(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let product = Type2Product.allCases[input.choice(Type2Product.allCases.count)]
    let scope: RestorePlan.Scope = input.byte() & 1 == 0 ? .userPages : .all
    let exact = input.byte() & 1 == 0
    var dump = input.bytes(exact ? product.imageSize : input.choice(256) * 4)
    if exact { dump += [UInt8](repeating: 0, count: product.imageSize - dump.count) }
    var current = input.bytes(product.imageSize)
    current += [UInt8](repeating: 0, count: product.imageSize - current.count)

    guard let image = try? Type2Image(mfd: dump, product: product) else {
        require(dump.count != product.imageSize, "a dump of the product's size was refused")
        return 0
    }
    require(dump.count == product.imageSize, "a dump of \(dump.count) bytes was taken as \(product.rawValue)")
    guard let plan = try? RestorePlan(image: image, current: current, scope: scope) else { return 0 }
    let oneTimeProgrammable = [2, 3] + [product.dynamicLockPage].compactMap { $0 }
    for write in plan.writes {
        require(write.page >= 2 && write.page < product.pageCount && write.bytes.count == 4, "page \(write.page) written")
        let old = Array(current[write.page * 4..<write.page * 4 + 4])
        if scope == .userPages {
            require((4..<product.userMemoryEnd).contains(write.page), "page \(write.page) written without .all")
        }
        if oneTimeProgrammable.contains(write.page) {
            require(zip(old, write.bytes).allSatisfy { $0 & ~$1 == 0 }, "page \(write.page) would clear a bit")
            require(write.isIrreversible, "page \(write.page) is one-time programmable")
        }
        if write.page == 2 { require(write.bytes.prefix(2) == old.prefix(2), "page 2's UID bytes written") }
        if let configuration = product.configurationPage {
            require(write.page < configuration + 2, "PWD or PACK written")
            if write.page == configuration { require(write.bytes[3] == old[3], "AUTH0 written") }
            if write.page == configuration + 1 { require((write.bytes[0] ^ old[0]) & 0x87 == 0, "PROT or AUTHLIM written") }
        }
    }
    return 0
}

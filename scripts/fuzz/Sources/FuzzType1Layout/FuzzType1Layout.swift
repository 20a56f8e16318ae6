import FuzzSupport
import Type1

/// libFuzzer entry point for the Type 1 layout decoder: the CC, the Lock and Memory Control
/// TLVs and the NDEF TLV of a Topaz memory image.
///
/// Input: a byte whose low bit chooses static (Topaz 96) or dynamic memory, then the image from
/// byte 0 (zeros after the input's end, up to 120 or 2048 bytes).
/// Invariants: no trap; every data address lies in the memory, in order, outside the reserved
/// blocks and every control area; the control areas lie in the memory past the CC; the
/// message fits the data addresses; the capacity is not negative; an NDEF TLV for a message
/// of exactly the capacity fits from its place (none is made where fewer than 2 bytes are
/// left), and one a byte longer is refused.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzType1Layout(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let isStatic = input.byte() & 1 == 1
    let count = isStatic ? Type1Layout.staticMemorySize : Type1Layout.maximumMemorySize
    var image = input.bytes(count)
    image += [UInt8](repeating: 0, count: count - image.count)
    guard let layout = try? Type1Layout(image: image, isStatic: isStatic) else { return 0 }

    require(layout.memorySize <= image.count, "memory size \(layout.memorySize) past the image")
    require(layout.walkEnd <= layout.memorySize, "the walk read past the memory")
    for area in layout.controlAreas {
        require(area.range.lowerBound >= Type1Layout.dataStart && area.range.upperBound <= layout.memorySize, "control area \(area.range) outside")
    }
    require(zip(layout.dataAddresses, layout.dataAddresses.dropFirst()).allSatisfy { $0 < $1 }, "data addresses out of order")
    for address in layout.dataAddresses {
        require(address >= Type1Layout.dataStart && address < layout.memorySize, "data address \(address) outside")
        require(!Type1Layout.staticReserved.contains(address), "data address \(address) in a reserved block")
        require(!layout.controlAreas.contains { $0.range.contains(address) }, "data address \(address) in a control area")
    }
    require(layout.ndefTLVIndex <= layout.dataAddresses.count, "NDEF TLV index past the data")
    if let message = layout.messageBytes {
        require(message.count <= layout.dataAddresses.count - layout.ndefTLVIndex, "message longer than the data area")
    }
    require(layout.capacity >= 0, "negative capacity")
    let tlv = try? layout.ndefTLV(for: [UInt8](repeating: 0, count: layout.capacity))
    if layout.bytesForNDEFTLV < 2 {
        require(tlv == nil, "an NDEF TLV is made where fewer than 2 bytes are left")
    } else {
        require(tlv.map { $0.count <= layout.bytesForNDEFTLV } ?? false, "a message of the capacity does not fit")
    }
    require((try? layout.ndefTLV(for: [UInt8](repeating: 0, count: layout.capacity + 1))) == nil, "a message past the capacity is accepted")
    return 0
}

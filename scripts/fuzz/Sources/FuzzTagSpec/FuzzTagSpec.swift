import FuzzSupport
import PN532ReaderSimulator
import PN532Simulator

/// libFuzzer entry point for the simulator's tag-specification parser (`--tag`, `sim:TAG`).
///
/// Input: a length byte, that many bytes of specification text (bytes that are not UTF-8 are
/// replaced), then the bytes an `image=` file holds. Invariants: no trap; a specification
/// that parses prints (`description`) as text that parses to the same specification; building
/// the tag from an image of the right size works, and gives a tag with that memory.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTagSpec(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let text = String(decoding: input.run(limit: 255), as: UTF8.self)
    let image = input.rest()
    guard let spec = try? TagSpec.parse(text) else { return 0 }
    let again = try? TagSpec.parse(spec.description)
    require(again == spec, "\(text) parses as \(spec), printed \(spec.description), which parses as \(String(describing: again))")

    let tag = try? spec.makeTag { _ in image }
    if spec.imagePath != nil {
        require((tag != nil) == (image.count == spec.product.mfdSize), "an image of \(image.count) bytes for \(spec.product)")
        if let tag { require(tag.memory == image, "the tag's memory is not its image") }
    } else {
        require(tag != nil, "\(spec) builds no tag")
    }
    if let tag, let uid = spec.uid { require(tag.uid == uid, "the tag's UID is not \(uid)") }
    if let tag, let signature = spec.signature {
        require((tag.ntag424?.signature ?? tag.signature) == signature, "the tag's signature is not the one given")
    }
    return 0
}

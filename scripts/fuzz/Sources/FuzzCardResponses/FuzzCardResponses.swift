import FuzzSupport
import NFCTags

/// libFuzzer entry point for the decoders of card answers the Core NFC-shaped sessions hand
/// to an app: a response APDU split into data and status word, and a FeliCa response frame's
/// packet.
///
/// Input: any bytes, read both ways.
/// Invariants: no trap; a response APDU keeps every byte (data, then SW1 SW2), and exists
/// exactly when there are two bytes or more; a FeliCa packet exists exactly when the length
/// byte counts the whole frame and leaves a packet, and framing it again gives the frame back.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCardResponses(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let bytes = input.rest()

    if let response = ResponseAPDU(bytes) {
        let statusWord = [UInt8(response.status >> 8), UInt8(response.status & 0xFF)]
        require(response.data + statusWord == bytes, "the response APDU does not keep its bytes")
    } else {
        require(bytes.count < 2, "\(bytes.count) bytes refused as a response APDU")
    }

    let matches = bytes.count > 1 && bytes.first.map(Int.init) == bytes.count
    if let response = FeliCaResponse(frame: bytes) {
        require(matches, "a frame whose length byte does not count it was accepted")
        require(FeliCaResponse.frame(carrying: response.packet) == bytes, "framing the packet again differs")
    } else {
        require(!matches, "a frame whose length byte counts it was refused")
    }
    return 0
}

import FuzzSupport
import ISO7816
import Type3

/// libFuzzer entry point for the decoders of card answers the Core NFC-shaped sessions hand
/// to an app: a response APDU split into data and status word, a FeliCa response frame's
/// packet, and the answers to the typed FeliCa commands (`FeliCaFrames`).
///
/// Input: any bytes, read each way (the first byte also gives the count a FeliCa answer is
/// checked against; the IDm is the packet's own bytes 1 … 8, so that answers get past it).
/// Invariants: no trap; a response APDU keeps every byte (data, then SW1 SW2), and exists
/// exactly when there are two bytes or more; a FeliCa packet exists exactly when the length
/// byte counts the whole frame and leaves a packet, and framing it again gives the frame back;
/// a FeliCa answer that is read gives exactly the count of codes or 16-byte blocks asked for,
/// and every other is an `.answer` error.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCardResponses(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let bytes = input.rest()

    if let response = try? ResponseAPDU(bytes: bytes) {
        require(response.bytes == bytes, "the response APDU does not keep its bytes")
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

    fuzzFeliCaAnswers(bytes)
    return 0
}

/// The typed FeliCa answers read from `packet`.
private func fuzzFeliCaAnswers(_ packet: [UInt8]) {
    let idm = Array(packet.dropFirst().prefix(8))
    let count = Int(packet.first ?? 0) % 8
    func expect<Answer>(_ read: () throws(FeliCaFrameError) -> Answer, _ holds: (Answer) -> Bool, _ what: String) {
        do throws(FeliCaFrameError) {
            require(holds(try read()), what)
        } catch {
            require(error.kind == .answer, "a card's answer gave an argument error: \(error)")
        }
    }
    expect({ () throws(FeliCaFrameError) in try FeliCaFrames.pollingAnswer(packet) }, { $0.manufactureParameter.count == 8 && [0, 2].contains($0.requestData.count) }, "a polling answer of another size")
    expect({ () throws(FeliCaFrameError) in try FeliCaFrames.requestServiceAnswer(packet, idm: idm, count: count) }, { $0.count == count && $0.allSatisfy { $0.count == 2 } }, "key versions of another count or size")
    expect({ () throws(FeliCaFrameError) in try FeliCaFrames.requestResponseAnswer(packet, idm: idm) }, { (0...255).contains($0) }, "a mode out of a byte")
    expect({ () throws(FeliCaFrameError) in try FeliCaFrames.readAnswer(packet, idm: idm, count: count) }, {
        $0.statusFlag1 == 0 ? $0.blockData.count == count && $0.blockData.allSatisfy { $0.count == 16 } : $0.blockData.isEmpty
    }, "blocks of another count or size")
    expect({ () throws(FeliCaFrameError) in try FeliCaFrames.writeAnswer(packet, idm: idm) }, { _ in packet.count == 11 }, "a write answer of another size")
    expect({ () throws(FeliCaFrameError) in try FeliCaFrames.requestSystemCodeAnswer(packet, idm: idm) }, { !$0.isEmpty && $0.allSatisfy { $0.count == 2 } }, "system codes of another size")
}

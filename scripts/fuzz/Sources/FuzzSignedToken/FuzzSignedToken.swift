import Credentials
import Crypto
import NDEF

/// libFuzzer entry point for the door token decoder. The input is a UID length (first byte,
/// modulo 11), the UID, then a payload. The payload is decoded as it is (the MAC then almost
/// always fails), and again with a correct version 2 MAC put in its place, so the field parser
/// behind the MAC is reached. A token that decodes must encode back to the same payload.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSignedToken(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let first = bytes.first else { return 0 }
    let uidLength = min(Int(first) % 11, bytes.count - 1)
    let uid = Array(bytes[1..<1 + uidLength])
    let payload = Array(bytes[(1 + uidLength)...])
    check(payload, uid: uid)
    if payload.count >= 21 {
        let head = Array(payload[0..<5]), tail = Array(payload[21...])
        let input = Array("pn532ctl.org:token:v2".utf8) + [UInt8(uid.count)] + uid + head + tail
        let mac = Array(Array(HMAC<SHA256>.authenticationCode(for: input, using: key)).prefix(16))
        check(head + mac + tail, uid: uid)
    }
    return 0
}

private let key = SymmetricKey(data: Array("a fuzzing key of thirty-two byte".utf8))

private func check(_ payload: [UInt8], uid: [UInt8]) {
    guard let record = try? NDEFRecord.external(type: SignedToken.recordType, data: payload),
          let token = try? SignedToken(record: record, uid: uid, key: key)
    else { return }
    guard let again = try? token.record(uid: uid, key: key), again.payload == payload else {
        preconditionFailure("a decoded token does not encode back to its payload: \(payload)")
    }
}

import Crypto
import DoorControl
import FuzzSupport
import NDEF

/// libFuzzer entry point for the signed-token parser.
///
/// Input: a mode byte, a 7-byte UID, then the rest. Mode 0: the rest is a token record's
/// payload. Mode 1: the rest is an NDEF message whose token records are parsed. Mode 2: the
/// rest gives a token's fields (a user name of up to 80 bytes, issued, counter), which are
/// issued and parsed back.
/// Invariants: a token is accepted only when its last 16 bytes are the HMAC-SHA256 of the UID
/// and the rest under the right key (computed here, independently), and never under another
/// key or for another UID; an accepted token re-issues to the very payload it came from; an
/// issued token parses back to the same fields.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSignedToken(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let mode = input.choice(3)
    var uid = input.bytes(7)
    uid += [UInt8](repeating: 0, count: 7 - uid.count)
    switch mode {
    case 0:
        guard let record = try? NDEFRecord.external(type: SignedToken.recordType, data: input.rest()) else { return 0 }
        check(record, uid: uid)
    case 1:
        let bytes = input.rest()
        for decodingMode in [DecodingMode.strict, .lenient] {
            guard let message = try? NDEFMessage(decoding: bytes, mode: decodingMode) else { continue }
            for record in message.tokenRecords { check(record, uid: uid) }
        }
    default:
        let user = String(decoding: input.run(limit: 80), as: UTF8.self)
        let numbers = input.bytes(8) + [UInt8](repeating: 0, count: 8)
        let token = SignedToken(user: user, issued: integer(numbers[0..<4]), counter: integer(numbers[4..<8]))
        guard let record = try? token.record(uid: uid, key: siteKey) else {
            require(!(1...64).contains(user.utf8.count), "a token for a \(user.utf8.count)-byte user was not issued")
            return 0
        }
        let parsed = try? SignedToken(record: record, uid: uid, key: siteKey)
        require(parsed == token, "issued \(token), parsed back \(String(describing: parsed))")
        check(record, uid: uid)
    }
    return 0
}

private let siteKey = SymmetricKey(data: Array("the fuzzing site key, 32 bytes!!".utf8))
private let otherKey = SymmetricKey(data: Array("another site's key of 32 bytes!!".utf8))

/// Parses `record` for `uid` and checks the outcome against an independent MAC check.
private func check(_ record: NDEFRecord, uid: [UInt8]) {
    guard let token = try? SignedToken(record: record, uid: uid, key: siteKey) else { return }
    let payload = record.payload
    require(payload.count > 16, "a \(payload.count)-byte token was accepted")
    let fields = Array(payload.dropLast(16))
    let mac = Array(Array(HMAC<SHA256>.authenticationCode(for: uid + fields, using: siteKey)).prefix(16))
    require(mac == Array(payload.suffix(16)), "a token with a wrong MAC was accepted: \(payload)")
    require((try? SignedToken(record: record, uid: uid, key: otherKey)) == nil, "a token was accepted under another key")
    var otherUID = uid
    otherUID[otherUID.count - 1] ^= 0x01
    require((try? SignedToken(record: record, uid: otherUID, key: siteKey)) == nil, "a token was accepted for another UID")
    let reissued = try? token.record(uid: uid, key: siteKey)
    require(reissued?.payload == payload, "\(token) re-issues as \(String(describing: reissued?.payload)), read from \(payload)")
}

private func integer(_ bytes: ArraySlice<UInt8>) -> UInt32 {
    bytes.reduce(0) { $0 << 8 | UInt32($1) }
}

import FuzzSupport
import Originality

/// libFuzzer entry point for the originality decoders: the public-key decoder and the
/// signature check (r ‖ s and the UID taken apart and range-checked) on every curve.
///
/// Input: a key (a length byte, up to 60, then its bytes), a UID (a length byte, up to 12,
/// then its bytes), then the signature (the rest).
/// Invariants: no trap; a key that decodes is on the curve its length names and encodes back to
/// its input; a signature only verifies when its length is that of its key's curve, and the
/// NXP key `signer` names verifies it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOriginality(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let keyBytes = input.run(limit: 60)
    let uid = input.run(limit: 12)
    let signature = input.rest()

    if let key = OriginalityKey(uncompressed: keyBytes) {
        require(key.uncompressed == keyBytes, "key \(keyBytes) encodes back as \(key.uncompressed)")
        require(keyBytes.count == 1 + key.curve.signatureByteCount, "a \(keyBytes.count)-byte key on \(key.curve)")
        check(key, signature: signature, uid: uid)
    }
    if let signer = NXPOriginalityKey.signer(of: signature, uid: uid) {
        require(signer.key.verifies(signature: signature, uid: uid), "\(signer) named but does not verify")
    }
    for nxp in NXPOriginalityKey.allCases where nxp.key.curve.signatureByteCount == signature.count {
        check(nxp.key, signature: signature, uid: uid)
    }
    return 0
}

private func check(_ key: OriginalityKey, signature: [UInt8], uid: [UInt8]) {
    if key.verifies(signature: signature, uid: uid) {
        require(signature.count == key.curve.signatureByteCount, "a \(signature.count)-byte signature verified on \(key.curve)")
        require((4...10).contains(uid.count), "a signature verified for a \(uid.count)-byte UID")
    }
}

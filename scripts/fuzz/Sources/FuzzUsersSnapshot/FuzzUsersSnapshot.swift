import DoorRecords

/// The key every input is verified with: fixed, so no input can carry a signature made by it
/// unless the fuzzer forges Ed25519.
let fleetKey = FleetSigningKey(raw: [UInt8](repeating: 0x5A, count: 32))?.publicKey

/// libFuzzer entry point: a users snapshot as the broker or a file hands it to the uplink and
/// the door. A payload that reads must write back to one that reads the same; verifying it
/// must refuse it (the fuzzer cannot sign). Anything else traps.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzUsersSnapshot(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let signed = try? SignedUsersSnapshot(json: bytes), let fleetKey else { return 0 }
    guard (try? SignedUsersSnapshot(json: Array(signed.json.utf8))) == signed else { preconditionFailure("snapshot round trip changed: \(signed.json)") }
    guard (try? fleetKey.verify(signed, site: signed.snapshot.site, group: signed.snapshot.group)) == nil else { preconditionFailure("a snapshot the fuzzer made verified") }
    return 0
}

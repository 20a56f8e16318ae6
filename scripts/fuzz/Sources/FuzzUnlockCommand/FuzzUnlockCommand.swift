import DoorRecords
import FuzzSupport

/// The key every input is verified with: fixed, so no input can carry a signature made by it
/// unless the fuzzer forges Ed25519.
let unlockKey = FleetSigningKey(raw: [UInt8](repeating: 0xA5, count: 32))?.publicKey

/// libFuzzer entry point: an unlock command as the broker hands it to the uplink and the door
/// (`lock/set`). A payload that reads must be at most 1 KiB and write back to one that reads
/// the same; the door's checks must refuse it (the fuzzer cannot sign), with a bad signature
/// first. Anything else traps.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzUnlockCommand(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let signed: SignedUnlockCommand
    do throws(UnlockCommandError) { signed = try SignedUnlockCommand(json: bytes) } catch {
        require(!error.code.isEmpty && !error.description.isEmpty, "a refusal without words")
        return 0
    }
    guard let unlockKey else { return 0 }
    require(bytes.count <= SignedUnlockCommand.sizeLimit, "a payload of \(bytes.count) bytes read")
    let again = try? SignedUnlockCommand(json: Array(signed.json.utf8))
    require(again == signed, "command round trip changed: \(signed.json)")
    let command = signed.command
    do throws(UnlockCommandError) {
        _ = try unlockKey.verify(signed, door: command.door, now: Int64(command.issued), clockSynchronised: true)
        require(false, "a command the fuzzer made verified")
    } catch {
        require(error == .badSignature, "an unsigned command refused as \(error.code), not bad-signature")
    }
    return 0
}

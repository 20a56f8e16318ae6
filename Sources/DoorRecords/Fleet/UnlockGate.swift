import POSIXIO

/// Everything a door checks before a remote unlock moves the relay: the payload's shape, the
/// signature with the fleet's unlock key, the door, the clock and the window
/// (`FleetPublicKey.verify`), then the nonce, recorded in the state directory's ledger before
/// the command is accepted. Whatever cannot be checked or recorded is a refusal.
public enum UnlockGate {
    /// The command in `payload` when the door `door` may act on it at `now`.
    ///
    /// - Throws: `UnlockCommandError` saying why not: print its `code` in the audit line.
    public static func admit(
        _ payload: [UInt8], key: FleetPublicKey, door: String, now: Int64, clockSynchronised: Bool, stateDirectory: String, policy: UnlockPolicy = UnlockPolicy()
    ) throws(UnlockCommandError) -> UnlockCommand {
        let command = try key.verify(try SignedUnlockCommand(json: payload), door: door, now: now, clockSynchronised: clockSynchronised, policy: policy)
        var ledger: UnlockNonceLedger
        do throws(UnlockLedgerError) { ledger = try UnlockNonceLedger.load(from: stateDirectory) } catch { throw .ledgerUnavailable("\(error)") }
        try ledger.admit(command, now: now)
        do throws(AtomicCreateError) { try ledger.save(to: stateDirectory) } catch { throw .ledgerUnavailable("\(error)") }
        return command
    }
}

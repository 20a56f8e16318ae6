/// The time checks a door makes on an unlock command.
public struct UnlockPolicy: Equatable, Sendable {
    /// The longest a command may be valid (`expires − issued`): a stolen command is short-lived.
    public var maximumValidity: UInt64
    /// How far ahead of the door's clock a command's issue time may be, in seconds.
    public var clockSkew: UInt64

    /// A policy.
    public init(maximumValidity: UInt64 = 120, clockSkew: UInt64 = 30) {
        self.maximumValidity = maximumValidity
        self.clockSkew = clockSkew
    }
}

extension FleetPublicKey {
    /// `signed`'s command, when its signature verifies with this (unlock) key, it is for
    /// `door`, the clock is synchronised and `now` (seconds since 1970) lies in its window.
    /// The nonce is `UnlockNonceLedger`'s to check.
    ///
    /// - Throws: `UnlockCommandError`, in this order: `.badSignature` (every field is signed),
    ///   `.otherDoor`, `.tooLongLived`, `.clockUnsynchronised`, `.notYetValid`, `.expired`.
    public func verify(_ signed: SignedUnlockCommand, door: String, now: Int64, clockSynchronised: Bool, policy: UnlockPolicy = UnlockPolicy()) throws(UnlockCommandError) -> UnlockCommand {
        let command = signed.command
        guard isValid(signed.signature, for: command.signedBytes) else { throw .badSignature }
        guard command.door == door else { throw .otherDoor(found: command.door, expected: door) }
        let validity = command.expires - command.issued
        guard validity <= policy.maximumValidity else { throw .tooLongLived(seconds: validity, maximum: policy.maximumValidity) }
        guard clockSynchronised else { throw .clockUnsynchronised }
        let earliest = command.issued > policy.clockSkew ? command.issued - policy.clockSkew : 0
        guard now >= 0, earliest <= UInt64(now) else { throw .notYetValid(issued: command.issued, now: now) }
        guard UInt64(now) < command.expires else { throw .expired(expires: command.expires, now: now) }
        return command
    }
}

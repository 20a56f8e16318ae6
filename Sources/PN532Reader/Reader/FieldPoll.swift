import NFCCore
import PN532

extension PN532Session {
    /// The tags in the field (at most two). Without `wait`, one short poll: the chip answers at
    /// once even with no tag, so a timeout is the link failing. With `wait` the chip waits for
    /// a tag until our deadline; a deadline that passes may also be a reply the link lost, so
    /// one short poll follows: a chip that does not answer it is a reader failure (thrown),
    /// never "no tag".
    public func pollField(wait: Duration?) throws(PN532Error) -> [PassiveTarget] {
        guard let wait else {
            try setPassiveActivationRetries(0x02)
            return try listPassiveTargets(maxTargets: 2)
        }
        try setPassiveActivationRetries(0xFF)
        do throws(PN532Error) {
            return try listPassiveTargets(maxTargets: 2, timeout: wait)
        } catch {
            guard case .timeout = error.kind else { throw error }
        }
        try setPassiveActivationRetries(0x02)
        return try listPassiveTargets(maxTargets: 2)
    }
}

import NFCCore
import PN532
import Type2

/// What a session's reader thread holds: the chip session, the tags already reported, the
/// connected tag. Touched only on that thread.
final class ReaderWorker: @unchecked Sendable {
    /// The open reader; nil before `begin()` and after the session ends.
    var reader: ReaderDevice?
    /// The open reader's chip session.
    var chip: PN532Session? { reader?.session }
    /// The UIDs reported since polling last (re)started: not reported again until they leave.
    var reported: [[UInt8]] = []
    /// The connected tag: its detection number and its tag layer.
    var connected: (number: Int, tag: Type2Tag)?
    /// The link time at which the session times out.
    var deadline = MonotonicTime(nanoseconds: .max)
    /// The MaxRetries value last set, so that it is not sent again.
    private var retries: UInt8?

    /// How long one wait for a tag lasts before the session looks for an invalidation.
    static let waitSlice: Duration = .milliseconds(100)
    /// How often a reported tag is looked for while it stays in the field.
    static let presenceInterval: Duration = .milliseconds(200)

    /// Sets MaxRetries unless it already holds `value`.
    func setRetries(_ value: UInt8, on chip: PN532Session) throws(PN532Error) {
        guard retries != value else { return }
        try chip.setPassiveActivationRetries(value)
        retries = value
    }

    /// The targets in the field now (one short InListPassiveTarget).
    func targetsNow(on chip: PN532Session) throws(PN532Error) -> [PassiveTarget] {
        try setRetries(0x01, on: chip)
        return try chip.listPassiveTargets(maxTargets: 2)
    }

    /// Waits on the link's clock (virtual on the in-process simulator) with no command pending.
    func idle(_ duration: Duration, on chip: PN532Session) throws(PN532Error) {
        let until = min(chip.link.now + duration, deadline)
        while chip.link.now < until {
            do throws(LinkError) { _ = try chip.link.read(until: until) } catch {
                throw PN532Error(.link(error), command: nil, device: chip.link.name)
            }
        }
    }

    /// Waits up to one slice for a tag to enter the field (the chip waits for it: MaxRetries FF).
    /// Returns nil when none came; `stop` is asked between slices whether to give up.
    func waitForTargets(on chip: PN532Session, stop: () -> Bool) throws(PN532Error) -> [PassiveTarget]? {
        try setRetries(0xFF, on: chip)
        try chip.begin(.inListPassiveTarget(maxTargets: 2))
        while true {
            if stop() || chip.link.now >= deadline {
                try chip.cancel()
                return nil
            }
            let until = min(chip.link.now + Self.waitSlice, deadline)
            if let payload = try chip.responseIfReady(until: until) {
                do throws(ReplyError) { return try PassiveTargetList(payload: payload).targets } catch {
                    throw PN532Error(.reply(error), command: .inListPassiveTarget, device: chip.link.name)
                }
            }
        }
    }

    /// Closes the reader: the chip left at 115200 with the field off, the link closed. Errors
    /// are dropped: the session is over.
    func close() {
        try? reader?.close()
        reader = nil
        connected = nil
    }
}

import NFCCore
import PN532

/// The reader's field during a flash run, on one session for the whole run: waits for exactly
/// one tag and for a tag to leave, asking `interrupt` between polls so that Ctrl-C is noticed
/// within a fraction of a second.
final class FlashField {
    private let session: PN532Session
    private let interrupt: FlashInterrupt

    /// How long the chip waits for a tag in one poll before the loop looks at signals.
    private static let slice: Duration = .milliseconds(250)
    /// The pause between presence checks of a tag that is in the field.
    private static let presenceInterval: Duration = .milliseconds(100)

    init(session: PN532Session, interrupt: FlashInterrupt) {
        self.session = session
        self.interrupt = interrupt
    }

    /// Waits until exactly one tag is in the field and returns it, selected. Two tags: calls
    /// `moreThanOne` once and waits until one is taken away. Nil when interrupted.
    func waitForOneTag(moreThanOne: () -> Void) throws(PN532Error) -> PassiveTarget? {
        var announced = false
        try session.setPassiveActivationRetries(0xFF)
        while !interrupt.isInterrupted {
            let targets = try poll(timeout: Self.slice)
            if targets.count == 1 { return targets[0] }
            if targets.count > 1 {
                if !announced { moreThanOne() }
                announced = true
                try idle(Self.presenceInterval)
            }
        }
        return nil
    }

    /// Waits until the tag with `uid` is no longer in the field; false when interrupted.
    func waitForRemoval(of uid: [UInt8]) throws(PN532Error) -> Bool {
        try session.setPassiveActivationRetries(0x01)
        while !interrupt.isInterrupted {
            try idle(Self.presenceInterval)
            if !(try poll(timeout: .seconds(1))).contains(where: { $0.uid == uid }) { return true }
        }
        return false
    }

    private func poll(timeout: Duration) throws(PN532Error) -> [PassiveTarget] {
        do throws(PN532Error) {
            return try session.listPassiveTargets(maxTargets: 2, timeout: timeout)
        } catch {
            guard case .timeout = error.kind else { throw error }
            return []
        }
    }

    /// Lets `duration` pass on the link's clock (real time on a device, virtual time on the
    /// in-process simulator).
    private func idle(_ duration: Duration) throws(PN532Error) {
        let deadline = session.link.now + duration
        while session.link.now < deadline {
            do throws(LinkError) { _ = try session.link.read(until: deadline) } catch {
                throw PN532Error(.link(error), command: nil, device: session.link.name)
            }
        }
    }
}

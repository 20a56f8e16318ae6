import NFCCore

/// Tag commands to one target selected by InListPassiveTarget.
///
/// READ (`30`) and WRITE (`A2`) go through InDataExchange, where the chip handles CRC and the
/// tag's ACK. Every other command (GET_VERSION, FAST_READ, READ_SIG, PWD_AUTH, READ_CNT …)
/// goes through InCommunicateThru with the chip adding and checking CRC_A. The session owns
/// that state (`PN532Session.claimSettings()` at start-up, again only after a command of the
/// session changed it), so nothing is reconfigured around each command (nfcpy spends four
/// round trips per tag command doing that) and no reply is read with its CRC still on it.
public final class TargetExchange: TagExchange {
    /// The session the target belongs to.
    public let session: PN532Session
    /// The target number from InListPassiveTarget.
    public private(set) var target: UInt8
    /// The tag's UID, to find it again after a re-selection.
    public let uid: [UInt8]?
    /// The response deadline of each tag command.
    public var timeout: Duration

    /// A tag exchange with `target`, whose UID is `uid` when known.
    public init(session: PN532Session, target: UInt8, uid: [UInt8]? = nil, timeout: Duration = .milliseconds(200)) {
        self.session = session
        self.target = target
        self.uid = uid
        self.timeout = timeout
    }

    /// A tag exchange with a target InListPassiveTarget found.
    public convenience init(session: PN532Session, target: PassiveTarget) {
        self.init(session: session, target: target.number, uid: target.uid)
    }

    public func reselect() throws(TagExchangeError) {
        let targets: [PassiveTarget]
        do throws(PN532Error) {
            try session.setPassiveActivationRetries(0x01)
            targets = try session.listPassiveTargets(maxTargets: 2, timeout: timeout)
        } catch {
            throw .transport(error.description)
        }
        guard let found = targets.first(where: { uid == nil || $0.uid == uid }) else { throw .noAnswer }
        target = found.number
    }

    public func exchange(_ command: [UInt8]) throws(TagExchangeError) -> [UInt8] {
        let viaDataExchange = command.first == 0x30 || command.first == 0xA2
        let status: PN532Status
        let data: [UInt8]
        do throws(PN532Error) {
            try session.ensureSettings()
            if viaDataExchange {
                let payload = try session.run(.inDataExchange(target: target, data: command), timeout: timeout)
                let reply = try session.decode { () throws(ReplyError) in try DataExchangeReply(payload: payload) }
                (status, data) = (reply.status, reply.data)
            } else {
                let payload = try session.run(.inCommunicateThru(data: command), timeout: timeout)
                let reply = try session.decode { () throws(ReplyError) in try CommunicateThruReply(payload: payload) }
                (status, data) = (reply.status, reply.data)
            }
        } catch {
            throw .transport(error.description)
        }
        switch status.errorCode {
        case nil:
            return command.first == 0xA2 && data.isEmpty ? [0x0A] : data
        case .timeout?:
            throw .noAnswer
        default:
            throw .negativeAcknowledgement(nil)
        }
    }
}

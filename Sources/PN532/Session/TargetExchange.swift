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
            throw .transport(Self.failure(error))
        }
        guard let found = targets.first(where: { uid == nil || $0.uid == uid }) else { throw .noAnswer }
        target = found.number
    }

    /// 252 bytes: a normal frame carries 254 bytes after the TFI, less InDataExchange's code
    /// and target number.
    public var maximumCommandLength: Int { Frame.maximumNormalPayloadCount - 2 }

    /// 252 bytes: a normal frame's 254 bytes after the TFI, less the response code and the
    /// status byte.
    public var maximumAnswerLength: Int { Frame.maximumNormalPayloadCount - 2 }

    public func exchange(_ command: [UInt8]) throws(TagExchangeError) -> [UInt8] {
        let request: Command = command.first == 0x30 || command.first == 0xA2
            ? .inDataExchange(target: target, data: command)
            : .inCommunicateThru(data: command)
        let status: PN532Status
        let data: [UInt8]
        do throws(PN532Error) {
            try session.ensureSettings()
            let payload = try session.run(request, timeout: timeout)
            (status, data) = try session.decode { () throws(ReplyError) in try readStatusAndData(payload, replyTo: request.code) }
        } catch {
            throw .transport(Self.failure(error))
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

    /// The transport failure for a session error, keeping it: an interrupted wait is told
    /// apart so that layers above stop rather than retry.
    static func failure(_ error: PN532Error) -> TransportFailure {
        if case .link(let link) = error.kind, link.kind == .interrupted {
            return TransportFailure(.interrupted(signal: link.errno), error.description, underlying: error)
        }
        return TransportFailure(.reader, error.description, underlying: error)
    }
}

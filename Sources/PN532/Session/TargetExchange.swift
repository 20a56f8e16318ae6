import NFCCore

/// Tag commands to one target selected by InListPassiveTarget.
///
/// How a command goes depends on the target's technology and on how the tag answers it (the
/// tag layer says so), never on the command's bytes:
/// - ISO-DEP targets (type A with an ATS, type B) and Jewel: InDataExchange, where the chip
///   runs the block protocol or Jewel's framing; but the Jewel commands the firmware does not
///   pass (READ8, WRITE-E8, WRITE-NE8, RSEG beyond segment 0) go through the CIU's registers
///   (``JewelCIUBypass``). An answer longer than the chip's buffer
///   comes in parts whose status has the MI bit; each next part is asked for with an
///   InDataExchange of the target byte alone (libnfc does the same), bounded.
/// - Other targets (Type 2, MIFARE, FeliCa): a command answered by a 4-bit ACK goes through
///   InDataExchange, where the chip receives the ACK; one answered by a frame goes through
///   InCommunicateThru with the chip adding and checking CRC, after an InSelect when the
///   chip's current target is another one (InCommunicateThru names none).
///
/// The session owns the CRC state (`PN532Session.claimSettings()` at start-up, again only after
/// a command of the session changed it), so nothing is reconfigured around each command
/// (nfcpy spends four round trips per tag command doing that) and no reply is read with its
/// CRC still on it.
public final class TargetExchange: TagExchange {
    /// The session the target belongs to.
    public let session: PN532Session
    /// The target number from InListPassiveTarget.
    public private(set) var target: UInt8
    /// The tag's UID, to find it again after a re-selection.
    public let uid: [UInt8]?
    /// True when the chip runs the exchange for the target (ISO-DEP, Jewel): every command
    /// goes through InDataExchange.
    public let chipRunsExchange: Bool
    /// True for a Jewel (Topaz) target: the commands its firmware does not pass go through
    /// the CIU (``JewelCIUBypass``).
    public let isJewel: Bool
    /// The CIU registers the Jewel bypass changes, as the session had them, once read.
    var jewelCIUBaseline: JewelCIUBypass.Baseline?
    /// The response deadline of each tag command.
    public var timeout: Duration

    /// A tag exchange with `target`, whose UID is `uid` when known; `chipRunsExchange` for an
    /// ISO-DEP or Jewel target; `isJewel` for a Jewel target.
    public init(
        session: PN532Session, target: UInt8, uid: [UInt8]? = nil, chipRunsExchange: Bool = false, isJewel: Bool = false,
        timeout: Duration = .milliseconds(200)
    ) {
        self.session = session
        self.target = target
        self.uid = uid
        self.chipRunsExchange = chipRunsExchange
        self.isJewel = isJewel
        self.timeout = timeout
    }

    /// A tag exchange with a type A target InListPassiveTarget found.
    public convenience init(session: PN532Session, target: PassiveTarget) {
        self.init(session: session, target: target.number, uid: target.uid, chipRunsExchange: target.ats != nil)
    }

    /// A tag exchange with a target of any technology InListPassiveTarget found.
    public convenience init(session: PN532Session, target: ListedTarget) {
        let chipRunsExchange: Bool
        switch target.info {
        case let .nfcA(typeA): chipRunsExchange = typeA.ats != nil
        case .nfcB, .jewel: chipRunsExchange = true
        case .nfcF: chipRunsExchange = false
        }
        let isJewel: Bool
        if case .jewel = target.info { isJewel = true } else { isJewel = false }
        self.init(session: session, target: target.number, uid: target.info.identifier, chipRunsExchange: chipRunsExchange, isJewel: isJewel)
    }

    /// Sets `timeout`.
    public func allowAnswerTime(_ time: Duration) {
        timeout = time
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

    public func exchange(_ command: [UInt8], answer: TagAnswer) throws(TagExchangeError) -> [UInt8] {
        if isJewel, JewelCIUBypass.isRefusedByFirmware(command) { return try exchangeThroughCIU(command) }
        let throughChip = chipRunsExchange || answer == .acknowledgement
        let request: Command = throughChip ? .inDataExchange(target: target, data: command) : .inCommunicateThru(data: command)
        var reply = try run(request, selecting: !throughChip)
        var data = reply.data
        var parts = 1
        while reply.status.isSuccess, reply.status.moreInformation, request.code == .inDataExchange {
            guard parts < Self.maximumChainedParts else {
                throw .transport(TransportFailure(.malformedAnswer, "the chip's answer was still chaining (MI) after \(parts) parts: given up"))
            }
            reply = try run(.inDataExchange(target: target, data: []), selecting: false)
            data += reply.data
            parts += 1
        }
        switch reply.status.errorCode {
        case nil:
            return answer == .acknowledgement && data.isEmpty ? [Self.acknowledgement] : data
        case .timeout?:
            throw .noAnswer
        default:
            throw .negativeAcknowledgement(nil)
        }
    }

    /// The most InDataExchange replies one answer may be chained over (MI): 260 parts of up to
    /// 262 bytes cover an extended APDU's 65538.
    static let maximumChainedParts = 260

    /// Runs one InDataExchange or InCommunicateThru (after an InSelect when `selecting` and the
    /// chip's current target is another one) and decodes its reply.
    private func run(_ request: Command, selecting: Bool) throws(TagExchangeError) -> ExchangeReply {
        do throws(PN532Error) {
            try session.ensureSettings()
            if selecting, session.currentTarget != target { try session.select(target: target) }
            let payload = try session.run(request, timeout: timeout)
            return try session.decode { () throws(ReplyError) in try ExchangeReply(payload: payload, command: request.code) }
        } catch {
            throw Self.exchangeError(error)
        }
    }

    /// A tag's 4-bit ACK, as `exchange(_:answer:)` returns it.
    static let acknowledgement: UInt8 = 0x0A

    /// The exchange error for a session error: a target the chip no longer holds (InSelect
    /// refused) is a tag that did not answer; anything else a transport failure.
    static func exchangeError(_ error: PN532Error) -> TagExchangeError {
        if case .status(let status) = error.kind, status.errorCode != nil, error.command == .inSelect { return .noAnswer }
        return .transport(failure(error))
    }

    /// The transport failure for a session error, keeping it: an interrupted wait is told
    /// apart so that layers above stop rather than retry.
    static func failure(_ error: PN532Error) -> TransportFailure {
        if case .link(let link) = error.kind, link.kind == .interrupted {
            return TransportFailure(.interrupted(signal: link.signal ?? 0), error.description, underlying: error)
        }
        return TransportFailure(.reader, error.description, underlying: error)
    }
}

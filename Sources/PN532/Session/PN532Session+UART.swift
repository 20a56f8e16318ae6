extension PN532Session {
    /// The HSU rates a crashed process may have left a chip at, most likely first (nfcpy
    /// raises the rate to 921600; #188, #203, #230).
    public static let recoveryRates: [BaudRate] = [.bps921600, .bps460800, .bps230400, .bps1288000, .bps57600, .bps38400, .bps19200, .bps9600]

    /// Opens a PN532 on a serial port: wakes it at 115200 (if it does not answer, looks for it
    /// at the rates another process may have left it at), moves the UART to `rate` as soon as
    /// the chip answers, and runs the rest of start-up at `rate`. When start-up fails after
    /// the move (a signal included), the chip is put back at 115200 with the field off before
    /// the error is thrown.
    public static func openUART(
        path: String, rate: BaudRate = .bps115200, settings: SessionSettings = SessionSettings(),
        trace: ((TraceEvent) -> Void)? = nil
    ) throws(PN532Error) -> (session: PN532Session, firmware: FirmwareVersion) {
        let link: UARTLink
        do throws(LinkError) { link = try UARTLink(path: path) } catch {
            throw PN532Error(.link(error), command: nil, device: path, link: .uart)
        }
        let session = PN532Session(link: link, settings: settings, trace: trace)
        do throws(PN532Error) {
            return (session, try session.startRecoveringRate(switchingTo: rate))
        } catch {
            session.putBack(after: error)
            throw error
        }
    }

    /// Wakes the chip at the link's rate, else at each recovery rate; then moves the UART to
    /// `rate` (the chip found at another rate goes straight there) and runs the rest of
    /// start-up at it.
    func startRecoveringRate(switchingTo rate: BaudRate = .bps115200) throws(PN532Error) -> FirmwareVersion {
        let original = link.bitsPerSecond ?? BaudRate.bps115200.bitsPerSecond
        do throws(PN532Error) {
            try wake(rounds: 2)
        } catch {
            guard case .noAcknowledgement = error.kind else { throw error }
            try wakeAtRecoveryRate(original: original)
        }
        return try configure(switchingTo: rate)
    }

    /// Looks for the chip at each recovery rate; back at `original` for one more try when it
    /// answers at none.
    private func wakeAtRecoveryRate(original: Int) throws(PN532Error) {
        for rate in Self.recoveryRates where rate.bitsPerSecond != original {
            do throws(LinkError) { try link.setBitsPerSecond(rate.bitsPerSecond) } catch { continue }
            try discardInput()
            guard (try? wake(rounds: 1)) != nil else { continue }
            findings.append(.rate(rate.bitsPerSecond))
            return
        }
        do throws(LinkError) { try link.setBitsPerSecond(original) } catch { throw failure(.link(error)) }
        // The bytes sent meanwhile may have completed a half frame another process left on
        // the line (an extended frame's header announces up to 264 bytes): one more try.
        try discardInput()
        try wake(rounds: 1)
    }

    /// Moves an awake chip and the link to `rate` (when given and not the link's rate), then
    /// runs the rest of start-up (`configure()`) at it. Its first command, GetFirmwareVersion,
    /// checks the new rate: when the chip does not answer it, the link goes back to the rate
    /// it had, the chip is brought back to 115200 if it answers there, and the error
    /// (`.rateNotAnswered`) says where the chip was left.
    func configure(switchingTo rate: BaudRate?) throws(PN532Error) -> FirmwareVersion {
        guard let rate, let previous = link.bitsPerSecond, previous != rate.bitsPerSecond else { return try configure() }
        try changeBaudRate(to: rate)
        do throws(PN532Error) {
            return try configure()
        } catch {
            guard error.command == .getFirmwareVersion else { throw error }
            switch error.kind {
            case .noAcknowledgement, .corruptResponse, .timeout: throw rateNotAnswered(rate, previous: previous)
            default: throw error
            }
        }
    }

    /// After the chip went silent at `rate`: the link back at `previous`, the chip woken there
    /// and brought to 115200 when it answers; the error saying so.
    private func rateNotAnswered(_ rate: BaudRate, previous: Int) -> PN532Error {
        do throws(PN532Error) {
            do throws(LinkError) { try link.setBitsPerSecond(previous) } catch { throw failure(.link(error)) }
            try discardInput()
            try wake(rounds: 1)
            if previous != BaudRate.bps115200.bitsPerSecond { try changeBaudRate(to: .bps115200) }
            return failure(.rateNotAnswered(bitsPerSecond: rate.bitsPerSecond, leftAt: BaudRate.bps115200.bitsPerSecond), command: .setSerialBaudRate)
        } catch {
            return failure(.rateNotAnswered(bitsPerSecond: rate.bitsPerSecond, leftAt: nil), command: .setSerialBaudRate)
        }
    }

    /// Leaves the chip as the next user expects it: RF field off (when a command of this
    /// session may have switched it on), then at 115200 baud, each step at the session's rate
    /// so that the last exchanges are fast. The rate is put back also when switching the field
    /// off failed. No PowerDown (nfcpy #186: HSU fails after it on some boards).
    public func finish() throws(PN532Error) {
        var fieldFailure: PN532Error?
        if fieldMayBeOn {
            do throws(PN532Error) { try setField(on: false) } catch { fieldFailure = error }
        }
        if let current = link.bitsPerSecond, current != BaudRate.bps115200.bitsPerSecond {
            try changeBaudRate(to: .bps115200)
        }
        if let fieldFailure { throw fieldFailure }
    }

    /// After a start-up that failed with `error`: puts the chip back (`finish()`) as far as it
    /// answers. A signal's wait is ended for good first, so that the chip can be reached.
    func putBack(after error: PN532Error) {
        if case .link(let failure) = error.kind, failure.kind == .interrupted { LinkInterruption.suspend() }
        try? finish()
    }
}

extension PN532Session {
    /// The HSU rates a crashed process may have left a chip at, most likely first (nfcpy
    /// raises the rate to 921600; #188, #203, #230).
    public static let recoveryRates: [BaudRate] = [.bps921600, .bps460800, .bps230400, .bps1288000, .bps57600, .bps38400, .bps19200, .bps9600]

    /// Opens a PN532 on a serial port: wakes it at 115200; if it does not answer, looks for it
    /// at the rates another process may have left it at and brings it back to 115200; then
    /// raises the rate to `rate` when that is not 115200.
    public static func openUART(
        path: String, rate: BaudRate = .bps115200, settings: SessionSettings = SessionSettings(),
        trace: ((TraceEvent) -> Void)? = nil
    ) throws(PN532Error) -> (session: PN532Session, firmware: FirmwareVersion) {
        let link: UARTLink
        do throws(LinkError) { link = try UARTLink(path: path) } catch {
            throw PN532Error(.link(error), command: nil, device: path, link: .uart)
        }
        let session = PN532Session(link: link, settings: settings, trace: trace)
        let firmware = try session.startRecoveringRate()
        if rate != .bps115200 { try session.changeBaudRate(to: rate) }
        return (session, firmware)
    }

    /// Starts the chip at the link's rate, else at each recovery rate, returning to 115200.
    func startRecoveringRate() throws(PN532Error) -> FirmwareVersion {
        let original = link.bitsPerSecond ?? BaudRate.bps115200.bitsPerSecond
        do throws(PN532Error) {
            return try start()
        } catch {
            guard case .noAcknowledgement = error.kind else { throw error }
            for rate in Self.recoveryRates where rate.bitsPerSecond != original {
                do throws(LinkError) { try link.setBitsPerSecond(rate.bitsPerSecond) } catch { continue }
                try discardInput()
                guard let firmware = try? start(rounds: 1) else { continue }
                findings.append(.rate(rate.bitsPerSecond))
                if let home = BaudRate(bitsPerSecond: original) { try changeBaudRate(to: home) }
                return firmware
            }
            do throws(LinkError) { try link.setBitsPerSecond(original) } catch { throw failure(.link(error)) }
            // The bytes sent meanwhile may have completed a half frame another process left on
            // the line (an extended frame's header announces up to 264 bytes): one more try.
            try discardInput()
            return try start(rounds: 1)
        }
    }

    /// Leaves the chip as the next user expects it: at 115200 baud, RF field off (when a
    /// command of this session may have switched it on). No PowerDown (nfcpy #186: HSU fails
    /// after it on some boards).
    public func finish() throws(PN532Error) {
        if let current = link.bitsPerSecond, current != BaudRate.bps115200.bitsPerSecond {
            try changeBaudRate(to: .bps115200)
        }
        if fieldMayBeOn { try setField(on: false) }
    }
}

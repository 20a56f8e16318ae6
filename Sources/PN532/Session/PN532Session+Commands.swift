import Basics
import NFCCore
extension PN532Session {
    /// Wakes the chip, puts the SAM in normal mode, moves the UART to `rate` when one is given
    /// (at once, so that the rest of start-up runs at it), checks that it is a PN532 and
    /// claims the settings the driver relies on (`claimSettings()`).
    ///
    /// A chip in power-down needs the wake-up preamble, and commands it gets while asleep are
    /// lost, so the preamble and SAMConfiguration are sent again (each with its own resends)
    /// before giving up.
    @discardableResult
    public func start(rounds: Int = 2, switchingTo rate: BaudRate? = nil) throws(PN532Error) -> FirmwareVersion {
        try wake(rounds: rounds)
        return try configure(switchingTo: rate)
    }

    /// The wake-up preamble and SAMConfiguration, `rounds` times at most: returns once the
    /// chip has answered.
    func wake(rounds: Int) throws(PN532Error) {
        var lastError: PN532Error?
        for _ in 0..<max(1, rounds) {
            do throws(PN532Error) {
                try sendWakeUp()
                _ = try run(.samConfiguration(mode: .normal))
                return
            } catch {
                guard case .noAcknowledgement = error.kind else { throw error }
                lastError = error
            }
        }
        if let lastError { throw lastError }
    }

    /// The rest of start-up on an awake chip: GetFirmwareVersion, then `claimSettings()`.
    func configure() throws(PN532Error) -> FirmwareVersion {
        let version = try firmwareVersion()
        guard version.isPN532 else { throw failure(.notPN532(version), command: .getFirmwareVersion) }
        try claimSettings()
        return version
    }

    /// GetFirmwareVersion.
    public func firmwareVersion() throws(PN532Error) -> FirmwareVersion {
        let payload = try run(.getFirmwareVersion)
        return try decode { () throws(ReplyError) in try FirmwareVersion(payload: payload) }
    }

    /// GetGeneralStatus.
    public func generalStatus() throws(PN532Error) -> GeneralStatus {
        let payload = try run(.getGeneralStatus)
        return try decode { () throws(ReplyError) in try GeneralStatus(payload: payload) }
    }

    /// Diagnose with `test` and its data.
    public func diagnose(_ test: DiagnoseTest, data: [UInt8] = [], timeout: Duration? = nil) throws(PN532Error) -> DiagnoseResult {
        let payload = try run(.diagnose(test: test, data: data), timeout: timeout)
        return try decode { () throws(ReplyError) in try DiagnoseResult(payload: payload, test: test) }
    }

    /// RFConfiguration MaxRetries: how often InListPassiveTarget tries to activate a target
    /// (0xFF: until one comes, bounded by the command's deadline here).
    public func setPassiveActivationRetries(_ retries: UInt8) throws(PN532Error) {
        try runExpectingEmptyReply(.rfConfiguration(.maxRetries(atr: 0xFF, psl: 0x01, passiveActivation: retries)))
    }

    /// Switches the RF field on or off.
    public func setField(on: Bool) throws(PN532Error) {
        try runExpectingEmptyReply(.rfConfiguration(.field(on: on)))
    }

    /// InListPassiveTarget at 106 kbps type A: the targets found (0, 1 or 2). Two targets is
    /// Core NFC's "more than one tag detected".
    public func listPassiveTargets(maxTargets: UInt8 = 2, timeout: Duration? = nil) throws(PN532Error) -> [PassiveTarget] {
        let payload = try run(.inListPassiveTarget(maxTargets: maxTargets), timeout: timeout)
        return try decode { () throws(ReplyError) in try TargetList(payload: payload, modulation: .typeA106).targets.compactMap(\.passiveTarget) }
    }

    /// InListPassiveTarget with `modulation` and its polling InitiatorData: the targets found,
    /// at most `maxTargets` (and one for Jewel).
    public func listTargets(
        _ modulation: PassiveModulation, maxTargets: UInt8 = 2, timeout: Duration? = nil
    ) throws(PN532Error) -> [ListedTarget] {
        let command = Command.inListPassiveTarget(
            maxTargets: min(maxTargets, modulation.targetLimit), baud: modulation,
            initiatorData: modulation.pollingInitiatorData)
        let payload = try run(command, timeout: timeout)
        return try decode { () throws(ReplyError) in try TargetList(payload: payload, modulation: modulation).targets }
    }

    /// InSelect: makes `target` the chip's current target, the one InCommunicateThru speaks to.
    public func select(target: UInt8) throws(PN532Error) {
        let payload = try run(.inSelect(target: target))
        let reply = try decode { () throws(ReplyError) in try StatusReply(payload: payload, command: .inSelect) }
        guard reply.status.isSuccess else { throw failure(.status(reply.status), command: .inSelect) }
    }

    /// InRelease: releases a target (0: all), switching the chip back to idle for it.
    public func release(target: UInt8 = 0) throws(PN532Error) {
        let payload = try run(.inRelease(target: target))
        let reply = try decode { () throws(ReplyError) in try StatusReply(payload: payload, command: .inRelease) }
        guard reply.status.isSuccess else { throw failure(.status(reply.status), command: .inRelease) }
    }

    /// ReadRegister: the values of the given registers, in order.
    public func readRegisters(_ addresses: [UInt16]) throws(PN532Error) -> [UInt8] {
        let payload = try run(.readRegisters(addresses))
        return try decode { () throws(ReplyError) in try RegisterValues(payload: payload, count: addresses.count).values }
    }

    /// WriteRegister.
    public func writeRegisters(_ writes: [(address: UInt16, value: UInt8)]) throws(PN532Error) {
        try runExpectingEmptyReply(.writeRegisters(writes))
    }

    /// Changes the HSU rate: SetSerialBaudRate at the old rate, the host's ACK, then both sides
    /// switch (UM0701 §7.2.13). Once the ACK is sent the link follows the chip, also when the
    /// wait for the chip to switch is cut short (a signal), so that `finish()` can still reach it.
    public func changeBaudRate(to rate: BaudRate) throws(PN532Error) {
        try runExpectingEmptyReply(.setSerialBaudRate(rate))
        try acknowledge()
        let old = link.bitsPerSecond ?? BaudRate.bps115200.bitsPerSecond
        var interrupted: PN532Error?
        do throws(PN532Error) { try idle(.uart(bytes: 6, bitsPerSecond: old) + Self.baudSwitchGuard) } catch { interrupted = error }
        do throws(LinkError) { try link.setBitsPerSecond(rate.bitsPerSecond) } catch { throw failure(.link(error)) }
        if let interrupted { throw interrupted }
    }

    /// The time the chip is given to switch its UART after the ACK that ends SetSerialBaudRate.
    static let baudSwitchGuard: Duration = .milliseconds(1)

    /// Runs a command whose reply has no data.
    func runExpectingEmptyReply(_ command: Command) throws(PN532Error) {
        let payload = try run(command)
        _ = try decode { () throws(ReplyError) in try EmptyReply(payload: payload, command: command.code) }
    }

    /// Parses a reply, turning a parse failure into a `PN532Error`.
    func decode<Value>(_ parse: () throws(ReplyError) -> Value) throws(PN532Error) -> Value {
        do throws(ReplyError) { return try parse() } catch { throw failure(.reply(error), command: error.command) }
    }
}

import Basics
import NFCCore
import PN532

extension SimulatedPN532 {
    /// PN532 status for a tag that did not answer.
    static let statusTimeout: UInt8 = 0x01
    /// PN532 status for a 4-bit answer where the chip checks CRC (InCommunicateThru with
    /// RxCRC on). An assumption: the manual does not say which code a real chip gives.
    static let statusCRCError: UInt8 = 0x02
    /// PN532 status for a tag NAK during InDataExchange (framing error during a MIFARE
    /// operation). An assumption, as above.
    static let statusMifareNAK: UInt8 = 0x05
    /// PN532 status for a command naming a target that is not active.
    static let statusNotAcceptable: UInt8 = 0x27

    func executeInitiatorCommand(_ code: CommandCode, _ parameters: [UInt8], at time: MonotonicTime) {
        switch code {
        case .inListPassiveTarget where parameters.count >= 2 && (1...2).contains(parameters[0]):
            listPassiveTargets(maximum: Int(parameters[0]), modulation: parameters[1], Array(parameters.dropFirst(2)), at: time)
        case .inAutoPoll:
            startAutoPoll(parameters, at: time)
        case .inDataExchange where parameters.count == 1 && chainedAnswers[parameters[0]] != nil:
            nextChainedPart(target: parameters[0], at: time)
        case .inDataExchange where parameters.count >= 2:
            dataExchange(target: parameters[0], Array(parameters.dropFirst()), at: time)
        case .inCommunicateThru where parameters.isEmpty:
            // No data: the chip sends nothing and listens for a tag that talks first, as
            // libnfc's NFC Barcode poll (an InCommunicateThru of no bytes, libnfc pn53x.c,
            // NMT_BARCODE) expects of it. No simulated tag talks first: the RF timeout.
            respond([code.responseCode, Self.statusTimeout], at: time + timeout)
        case .inCommunicateThru:
            communicateThru(parameters, at: time)
        case .inDeselect where parameters.count == 1, .inRelease where parameters.count == 1:
            let released = parameters[0] == 0 ? Array(targets.keys) : [parameters[0]].filter { targets[$0] != nil }
            for number in released {
                if let uid = targets.removeValue(forKey: number), let index = field.firstIndex(where: { $0.uid == uid }) {
                    field[index].halt()
                }
            }
            respond([code.responseCode, parameters[0] == 0 || !released.isEmpty ? 0x00 : Self.statusNotAcceptable], at: time)
        case .inSelect where parameters.count == 1:
            guard let uid = targets[parameters[0]], let index = field.firstIndex(where: { $0.uid == uid }) else {
                return respond([code.responseCode, Self.statusNotAcceptable], at: time)
            }
            field[index].activate()
            currentTarget = parameters[0]
            respond([code.responseCode, 0x00], at: time + timing.activation)
        default:
            respondSyntaxError(at: time)
        }
    }

    /// InDataExchange: the chip frames the tag command, handles CRC and the two phases of a
    /// COMPATIBILITY WRITE, and reports the tag's ACK as plain success.
    private func dataExchange(target: UInt8, _ data: [UInt8], at time: MonotonicTime) {
        let code = CommandCode.inDataExchange.responseCode
        guard let uid = targets[target] else { return respond([code, Self.statusNotAcceptable], at: time) }
        currentTarget = target
        chainedAnswers[target] = nil
        if cardExchange(target: target, uid: uid, data, at: time) { return }
        var answers = [exchangeWithTag(uid: uid, data[0] == 0xA0 && data.count == 18 ? Array(data.prefix(2)) : data)]
        if data[0] == 0xA0, data.count == 18, answers[0]?.kind == .ack {
            answers.append(exchangeWithTag(uid: uid, Array(data.dropFirst(2))))
        }
        let elapsed = exchangeTime(sent: data.count, answers)
        switch answers.last ?? nil {
        case .some(let answer) where answer.kind == .ack:
            respond([code, 0x00], at: time + elapsed)
        case .some(let answer):
            if case .data(let bytes) = answer.kind { return respond([code, 0x00] + bytes, at: time + elapsed) }
            if case .nak = answer.kind { return respond([code, Self.statusMifareNAK], at: time + elapsed) }
            respond([code, Self.statusTimeout], at: time + elapsed)
        case .none:
            respond([code, Self.statusTimeout], at: time + elapsed)
        }
    }

    /// InCommunicateThru: the data goes to the current target as it is; CRC_A is added and
    /// checked by the chip only when CIU TxMode / RxMode say so (libnfc turns it off for raw
    /// frames and appends its own).
    private func communicateThru(_ data: [UInt8], at time: MonotonicTime) {
        let code = CommandCode.inCommunicateThru.responseCode
        guard let target = currentTarget, let uid = targets[target] else {
            return respond([code, Self.statusNotAcceptable], at: time)
        }
        if family(of: uid) == .felica { return passThrough(uid: uid, data, responseCode: code, at: time) }
        guard registers.usesParity, !registers.encrypts, !registers.framesBits else {
            // Without parity bits, encrypted, or with a short last byte, the tag understands
            // nothing and stays silent.
            return respond([code, Self.statusTimeout], at: time + timeout)
        }
        var command = data
        if !registers.transmitsCRC {
            guard command.count >= 3, CRCA.checksum(command.dropLast(2)) == Array(command.suffix(2)) else {
                return respond([code, Self.statusTimeout], at: time + timeout)
            }
            command.removeLast(2)
        }
        let answer = exchangeWithTag(uid: uid, command)
        let elapsed = exchangeTime(sent: data.count, [answer])
        switch answer?.kind {
        case .data(let bytes):
            respond([code, 0x00] + bytes + (registers.receivesCRC ? [] : CRCA.checksum(bytes)), at: time + elapsed)
        case .ack:
            respond(registers.receivesCRC ? [code, Self.statusCRCError] : [code, 0x00, 0x0A], at: time + elapsed)
        case .nak(let value):
            respond(registers.receivesCRC ? [code, Self.statusCRCError] : [code, 0x00, value], at: time + elapsed)
        case .silent, .none:
            respond([code, Self.statusTimeout], at: time + elapsed)
        }
    }

    var timeout: Duration { ChipTiming.rfTimeout(communicationTimeout) }

    /// How long the chip tries a tag that does not answer: the RF timeout, once and then once
    /// per MaxRtyCOM retry (FF: for ever, which the host ends by aborting; a day here).
    var silentTime: Duration {
        communicationRetries == 0xFF ? .seconds(86_400) : timeout * (Int(communicationRetries) + 1)
    }

    /// Air time of the answers (or the RF timeout for a silent one) and EEPROM write time.
    func exchangeTime(sent: Int, _ answers: [TagResponse?]) -> Duration {
        answers.reduce(Duration.zero) { total, answer in
            guard let answer else { return total + silentTime }
            switch answer.kind {
            case .silent: return total + silentTime
            case .data(let bytes): return total + timing.air(sent: sent, received: bytes.count + 2)
            case .ack, .nak: return total + timing.air(sent: sent, received: 1) + timing.pageWrite * answer.pagesWritten
            }
        }
    }

    /// Runs one tag command on the tag with `uid`; nil when that tag is not in the field.
    func exchangeWithTag(uid: [UInt8], _ command: [UInt8]) -> TagResponse? {
        operateOnTag(uid: uid) { $0.respond(to: command) }
    }

    /// Runs `operation` on the tag with `uid`, as one tag command; nil when that tag is not in
    /// the field. The `removeTagAfterCommands` fault takes the tag away once its count is used up.
    func operateOnTag<Result>(uid: [UInt8], _ operation: (inout SimulatedTag) -> Result) -> Result? {
        guard let index = field.firstIndex(where: { $0.uid == uid }) else { return nil }
        if let remaining = removeTagAfterCommands {
            guard remaining > 0 else {
                removeTagAfterCommands = nil
                record(at: clock, .fault("tag \(hexText(uid)) taken out of the field (tag-remove-after)"))
                apply(.remove(uid: uid))
                return nil
            }
            removeTagAfterCommands = remaining - 1
        }
        tagCommandCount += 1
        return operation(&field[index])
    }
}

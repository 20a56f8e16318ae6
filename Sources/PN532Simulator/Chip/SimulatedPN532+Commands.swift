import Basics
import NFCCore
import PN532

extension SimulatedPN532 {
    /// Carries out a command frame's payload (command code and parameters) received at `time`.
    func execute(_ payload: [UInt8], at time: MonotonicTime) {
        guard let first = payload.first, let code = CommandCode(rawValue: first) else {
            respondSyntaxError(at: time)
            return
        }
        let parameters = Array(payload.dropFirst())
        let ready = time + timing.processing
        let reply = [code.responseCode]
        switch code {
        case .diagnose:
            diagnose(parameters, at: ready)
        case .getFirmwareVersion where parameters.isEmpty:
            respond(reply + [0x32, 0x01, 0x06, 0x07], at: ready)
        case .getGeneralStatus where parameters.isEmpty:
            respond(reply + generalStatus(), at: ready)
        case .readRegister where !parameters.isEmpty && parameters.count % 2 == 0:
            let values = stride(from: 0, to: parameters.count, by: 2).map {
                readRegister(UInt16(parameters[$0]) << 8 | UInt16(parameters[$0 + 1]), at: ready)
            }
            respond(reply + values, at: ready)
        case .writeRegister where !parameters.isEmpty && parameters.count % 3 == 0:
            for index in stride(from: 0, to: parameters.count, by: 3) {
                writeRegister(UInt16(parameters[index]) << 8 | UInt16(parameters[index + 1]), parameters[index + 2], at: ready)
            }
            respond(reply, at: ready)
        case .setSerialBaudRate where parameters.count == 1:
            guard let rate = BaudRate(rawValue: parameters[0]) else { return respondSyntaxError(at: time) }
            respond(reply, at: ready)
            pendingBaudRate = rate
        case .setParameters where parameters.count == 1:
            parameterFlags = parameters[0]
            respond(reply, at: ready)
        case .samConfiguration where (1...3).contains(parameters.count) && (1...4).contains(parameters[0]):
            respond(reply, at: ready)
        case .powerDown where (1...2).contains(parameters.count):
            respond(reply + [0x00], at: ready)
            isAsleep = true
            wakesOnHSU = parameters[0] & 0x10 != 0
            wakesOnSPI = parameters[0] & 0x20 != 0
            record(at: ready, .powerDown)
            fieldOn = false
            targets.removeAll()
            powerOffTags()
        case .rfConfiguration where !parameters.isEmpty:
            guard configureRF(item: parameters[0], values: Array(parameters.dropFirst())) else {
                return respondSyntaxError(at: time)
            }
            respond(reply, at: ready)
        case .inListPassiveTarget, .inAutoPoll, .inDataExchange, .inCommunicateThru, .inDeselect, .inRelease, .inSelect:
            executeInitiatorCommand(code, parameters, at: ready)
        default:
            respondSyntaxError(at: time)
        }
    }

    private func diagnose(_ parameters: [UInt8], at time: MonotonicTime) {
        let reply = [CommandCode.diagnose.responseCode]
        switch parameters.first {
        case 0x00:
            respond(reply + parameters, at: time)
        case 0x01, 0x02, 0x07:
            respond(reply + [0x00], at: time)
        case 0x04:
            respond(reply + [targets.isEmpty ? 0x80 : 0x00], at: time)
        case 0x06:
            let present = targets.values.contains { uid in field.contains { $0.uid == uid } }
            respond(reply + [present ? 0x00 : 0x01], at: time)
        default:
            respondSyntaxError(at: time)
        }
    }

    private func generalStatus() -> [UInt8] {
        let active = targets.keys.sorted()
        return [lastStatus, fieldOn ? 0x01 : 0x00, UInt8(active.count)]
            + active.flatMap { [$0, 0x00, 0x00, 0x00] } + [0x01]
    }

    /// RFConfiguration items with the lengths UM0701 §7.3.1 gives: 01 (field, 1 byte), 02
    /// (timings, 3), 04 (MaxRtyCOM, 1), 05 (MaxRetries, 3) and the analog settings 0A (106 kbps
    /// type A, 11), 0B (212/424 kbps, 8), 0C (type B, 3) and 0D (ISO/IEC 14443-4 at 212 to 848
    /// kbps, 9), which are kept and change nothing here. False for a malformed item.
    private func configureRF(item: UInt8, values: [UInt8]) -> Bool {
        switch (item, values.count) {
        case (0x01, 1):
            setField(on: values[0] & 0x01 != 0)
        case (0x02, 3):
            atrResponseTimeout = values[1]
            communicationTimeout = values[2]
        case (0x04, 1):
            communicationRetries = values[0]
        case (0x05, 3):
            passiveActivationRetries = values[2]
        case (0x0A, 11), (0x0B, 8), (0x0C, 3), (0x0D, 9):
            analogSettings[item] = values
        default:
            return false
        }
        return true
    }
}

import Basics
import NFCCore
/// An error code of the PN532 (UM0701-02 §7.1): the low six bits of a status byte.
public enum PN532ErrorCode: Hashable, Sendable {
    case timeout
    case crc
    case parity
    case bitCount
    case mifareFraming
    case abnormalBitCollision
    case bufferTooSmall
    case rfBufferOverflow
    case rfFieldNotSwitchedOn
    case rfProtocol
    case overheating
    case internalBufferOverflow
    case invalidParameter
    case depUnsupportedCommand
    case invalidReceivedFrame
    case mifareAuthentication
    case nfcSecureUnsupported
    case wrongUIDCheckByte
    case invalidDEPState
    case operationNotAllowed
    case commandNotAcceptable
    case targetReleased
    case cardIDMismatch
    case cardDisappeared
    case nfcid3Mismatch
    case overCurrent
    case nadMissing
    /// A code the user manual does not define, kept as received.
    case unknown(UInt8)

    private static let known: [(code: UInt8, error: PN532ErrorCode)] = [
        (0x01, .timeout), (0x02, .crc), (0x03, .parity), (0x04, .bitCount),
        (0x05, .mifareFraming), (0x06, .abnormalBitCollision), (0x07, .bufferTooSmall),
        (0x09, .rfBufferOverflow), (0x0A, .rfFieldNotSwitchedOn), (0x0B, .rfProtocol),
        (0x0D, .overheating), (0x0E, .internalBufferOverflow), (0x10, .invalidParameter),
        (0x12, .depUnsupportedCommand), (0x13, .invalidReceivedFrame),
        (0x14, .mifareAuthentication), (0x18, .nfcSecureUnsupported),
        (0x23, .wrongUIDCheckByte), (0x25, .invalidDEPState), (0x26, .operationNotAllowed),
        (0x27, .commandNotAcceptable), (0x29, .targetReleased), (0x2A, .cardIDMismatch),
        (0x2B, .cardDisappeared), (0x2C, .nfcid3Mismatch), (0x2D, .overCurrent),
        (0x2E, .nadMissing),
    ]

    /// The error of `code`, or `nil` when `code` is 0 (no error). Codes the manual does not
    /// define give ``unknown(_:)``.
    public init?(code: UInt8) {
        guard code != 0 else { return nil }
        self = Self.known.first { $0.code == code }?.error ?? .unknown(code)
    }

    /// The numeric code.
    public var code: UInt8 {
        if case let .unknown(code) = self { return code }
        return Self.known.first { $0.error == self }?.code ?? 0
    }
}

extension PN532ErrorCode: CustomStringConvertible {
    /// What the error means, in words.
    public var description: String {
        switch self {
        case .timeout: "target did not answer (timeout)"
        case .crc: "CRC error"
        case .parity: "parity error"
        case .bitCount: "wrong bit count during anticollision"
        case .mifareFraming: "framing error during MIFARE operation"
        case .abnormalBitCollision: "abnormal bit collision during anticollision"
        case .bufferTooSmall: "communication buffer too small"
        case .rfBufferOverflow: "RF buffer overflow"
        case .rfFieldNotSwitchedOn: "RF field not switched on in time"
        case .rfProtocol: "RF protocol error"
        case .overheating: "antenna drivers overheated and were switched off"
        case .internalBufferOverflow: "internal buffer overflow"
        case .invalidParameter: "invalid parameter"
        case .depUnsupportedCommand: "DEP: the initiator sent an unsupported command"
        case .invalidReceivedFrame: "invalid received frame (data format)"
        case .mifareAuthentication: "MIFARE authentication error"
        case .nfcSecureUnsupported: "NFC Secure not supported by the peer"
        case .wrongUIDCheckByte: "wrong UID check byte (ISO/IEC 14443-3)"
        case .invalidDEPState: "DEP: invalid device state for this operation"
        case .operationNotAllowed: "operation not allowed in this configuration"
        case .commandNotAcceptable: "command not acceptable in this context"
        case .targetReleased: "target released by the initiator"
        case .cardIDMismatch: "card ID mismatch: the card was exchanged"
        case .cardDisappeared: "the activated card disappeared"
        case .nfcid3Mismatch: "NFCID3 mismatch between initiator and target"
        case .overCurrent: "over-current"
        case .nadMissing: "NAD missing in a DEP frame"
        case let .unknown(code): "unknown error \(hexByte(code))"
        }
    }
}

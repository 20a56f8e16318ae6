import Basics
import NFCCore
/// The code of a PN532 command (PD0 of a host-to-chip frame), UM0701-02 chapter 7.
///
/// The PN532 answers a command with the response code, the command code plus one.
public enum CommandCode: UInt8, Hashable, Sendable, CaseIterable {
    // Miscellaneous
    case diagnose = 0x00
    case getFirmwareVersion = 0x02
    case getGeneralStatus = 0x04
    case readRegister = 0x06
    case writeRegister = 0x08
    case readGPIO = 0x0C
    case writeGPIO = 0x0E
    case setSerialBaudRate = 0x10
    case setParameters = 0x12
    case samConfiguration = 0x14
    case powerDown = 0x16
    // RF communication
    case rfConfiguration = 0x32
    case rfRegulationTest = 0x58
    // Initiator
    case inJumpForDEP = 0x56
    case inJumpForPSL = 0x46
    case inListPassiveTarget = 0x4A
    case inATR = 0x50
    case inPSL = 0x4E
    case inDataExchange = 0x40
    case inCommunicateThru = 0x42
    case inDeselect = 0x44
    case inRelease = 0x52
    case inSelect = 0x54
    case inAutoPoll = 0x60
    // Target
    case tgInitAsTarget = 0x8C
    case tgSetGeneralBytes = 0x92
    case tgGetData = 0x86
    case tgSetData = 0x8E
    case tgSetMetaData = 0x94
    case tgGetInitiatorCommand = 0x88
    case tgResponseToInitiator = 0x90
    case tgGetTargetStatus = 0x8A

    /// The code of the PN532's response to this command: the command code plus one.
    public var responseCode: UInt8 {
        rawValue + 1
    }

    /// The command whose response code is `responseCode`, if any.
    public init?(responseCode: UInt8) {
        guard responseCode > 0 else { return nil }
        self.init(rawValue: responseCode - 1)
    }

    /// The command's name as the user manual spells it, for traces: `InListPassiveTarget`.
    public var name: String {
        switch self {
        case .diagnose: "Diagnose"
        case .getFirmwareVersion: "GetFirmwareVersion"
        case .getGeneralStatus: "GetGeneralStatus"
        case .readRegister: "ReadRegister"
        case .writeRegister: "WriteRegister"
        case .readGPIO: "ReadGPIO"
        case .writeGPIO: "WriteGPIO"
        case .setSerialBaudRate: "SetSerialBaudRate"
        case .setParameters: "SetParameters"
        case .samConfiguration: "SAMConfiguration"
        case .powerDown: "PowerDown"
        case .rfConfiguration: "RFConfiguration"
        case .rfRegulationTest: "RFRegulationTest"
        case .inJumpForDEP: "InJumpForDEP"
        case .inJumpForPSL: "InJumpForPSL"
        case .inListPassiveTarget: "InListPassiveTarget"
        case .inATR: "InATR"
        case .inPSL: "InPSL"
        case .inDataExchange: "InDataExchange"
        case .inCommunicateThru: "InCommunicateThru"
        case .inDeselect: "InDeselect"
        case .inRelease: "InRelease"
        case .inSelect: "InSelect"
        case .inAutoPoll: "InAutoPoll"
        case .tgInitAsTarget: "TgInitAsTarget"
        case .tgSetGeneralBytes: "TgSetGeneralBytes"
        case .tgGetData: "TgGetData"
        case .tgSetData: "TgSetData"
        case .tgSetMetaData: "TgSetMetaData"
        case .tgGetInitiatorCommand: "TgGetInitiatorCommand"
        case .tgResponseToInitiator: "TgResponseToInitiator"
        case .tgGetTargetStatus: "TgGetTargetStatus"
        }
    }
}

extension CommandCode: CustomStringConvertible {
    /// The command's name and code: `InListPassiveTarget (0x4A)`.
    public var description: String {
        "\(name) (\(hexByte(rawValue)))"
    }
}

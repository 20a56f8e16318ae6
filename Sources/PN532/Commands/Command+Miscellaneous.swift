extension Command {
    /// Diagnose: runs a self test; `data` is the test's InParam (echoed by the
    /// communication line test, the bit rate of the polling test, the antenna threshold).
    public static func diagnose(test: DiagnoseTest, data: [UInt8] = []) -> Command {
        Command(code: .diagnose, parameters: [test.rawValue] + data)
    }

    /// GetFirmwareVersion: `02`, answered by ``FirmwareVersion``.
    public static let getFirmwareVersion = Command(code: .getFirmwareVersion)

    /// GetGeneralStatus: `04`, answered by ``GeneralStatus``.
    public static let getGeneralStatus = Command(code: .getGeneralStatus)

    /// ReadRegister: reads each 16-bit address (sent most significant byte first), answered by
    /// ``RegisterValues``.
    public static func readRegisters(_ addresses: [UInt16]) -> Command {
        Command(code: .readRegister, parameters: addresses.flatMap(bigEndianBytes))
    }

    /// WriteRegister: writes each value to its 16-bit address.
    public static func writeRegisters(_ writes: [(address: UInt16, value: UInt8)]) -> Command {
        Command(
            code: .writeRegister,
            parameters: writes.flatMap { bigEndianBytes($0.address) + [$0.value] }
        )
    }

    /// SetSerialBaudRate: the PN532 ACKs, replies, waits for the host's ACK, then switches.
    public static func setSerialBaudRate(_ rate: BaudRate) -> Command {
        Command(code: .setSerialBaudRate, parameters: [rate.rawValue])
    }

    /// SetParameters: sets the flags of ``ParameterFlags``, all others cleared.
    public static func setParameters(_ flags: ParameterFlags) -> Command {
        Command(code: .setParameters, parameters: [flags.rawValue])
    }

    /// SAMConfiguration: `14 Mode [Timeout] [IRQ]`; also takes the chip out of low power.
    ///
    /// - Parameters:
    ///   - timeout: the virtual card timeout in units of 50 ms (required by the PN532 in
    ///     virtual card mode); omitted when `nil`, unless `useIRQ` is given, which needs a
    ///     timeout byte before it: then `00` is sent.
    ///   - useIRQ: whether the P70_IRQ pin signals responses (the PN532's default); omitted
    ///     when `nil`.
    public static func samConfiguration(
        mode: SAMMode = .normal, timeout: UInt8? = nil, useIRQ: Bool? = nil
    ) -> Command {
        var parameters = [mode.rawValue]
        if let useIRQ {
            parameters += [timeout ?? 0x00, useIRQ ? 0x01 : 0x00]
        } else if let timeout {
            parameters.append(timeout)
        }
        return Command(code: .samConfiguration, parameters: parameters)
    }

    /// PowerDown: `16 WakeUpEnable [GenerateIRQ]`, answered by a ``StatusReply``; the
    /// GenerateIRQ byte is omitted when `generateIRQ` is `nil`.
    public static func powerDown(wakeUpEnable: WakeUpSources, generateIRQ: Bool? = nil) -> Command {
        var parameters = [wakeUpEnable.rawValue]
        if let generateIRQ {
            parameters.append(generateIRQ ? 0x01 : 0x00)
        }
        return Command(code: .powerDown, parameters: parameters)
    }

    /// RFConfiguration: `32 CfgItem ConfigurationData`.
    public static func rfConfiguration(_ item: RFConfigurationItem) -> Command {
        Command(code: .rfConfiguration, parameters: [item.itemCode] + item.data)
    }
}

/// A 16-bit value as two bytes, most significant first.
func bigEndianBytes(_ value: UInt16) -> [UInt8] {
    [UInt8(value >> 8), UInt8(value & 0xFF)]
}

/// The reply to Diagnose, `01 OutParam`, read according to the test that was run.
public enum DiagnoseResult: Hashable, Sendable {
    /// The communication line test echoed `echo` (the bytes sent after NumTst).
    case communicationLine(echo: [UInt8])
    /// The ROM test: `00` is good, `FF` is not.
    case rom(result: UInt8)
    /// The RAM test: `00` is good, `FF` is not.
    case ram(result: UInt8)
    /// The polling test: how many of its 128 polls failed.
    case polling(failures: UInt8)
    /// The attention request / card presence test: success when the target still answers.
    case cardPresence(PN532Status)
    /// The antenna self test: `00` when the antenna is detected.
    case antenna(result: UInt8)

    /// Reads a Diagnose response payload for `test`.
    ///
    /// The communication line test echoes NumTst (`00`) before the data. The echo back test
    /// has no reply, so a payload read for it is always an error.
    public init(payload: [UInt8], test: DiagnoseTest) throws(ReplyError) {
        var reader = try ReplyReader(payload, replyTo: .diagnose)
        switch test {
        case .communicationLine:
            let number = try reader.byte("test number")
            guard number == test.rawValue else {
                throw reader.error(.unexpectedValue(field: "test number", value: number))
            }
            self = .communicationLine(echo: reader.rest())
        case .rom:
            self = .rom(result: try reader.byte("result"))
        case .ram:
            self = .ram(result: try reader.byte("result"))
        case .polling:
            self = .polling(failures: try reader.byte("failure count"))
        case .cardPresence:
            self = .cardPresence(PN532Status(rawValue: try reader.byte("status")))
        case .antenna:
            self = .antenna(result: try reader.byte("result"))
        case .echoBack:
            throw reader.error(.unexpectedValue(field: "test number", value: test.rawValue))
        }
        try reader.finish()
    }

    /// Whether the test passed, or `nil` for the communication line test, which passes when
    /// the echo equals the bytes sent.
    public var passed: Bool? {
        switch self {
        case .communicationLine: nil
        case let .rom(result), let .ram(result), let .antenna(result): result == 0x00
        case let .polling(failures): failures == 0
        case let .cardPresence(status): status.isSuccess
        }
    }

    /// The response payload, response code first.
    public var payload: [UInt8] {
        let code = CommandCode.diagnose.responseCode
        switch self {
        case let .communicationLine(echo):
            return [code, DiagnoseTest.communicationLine.rawValue] + echo
        case let .rom(result), let .ram(result), let .antenna(result), let .polling(result):
            return [code, result]
        case let .cardPresence(status):
            return [code, status.rawValue]
        }
    }
}

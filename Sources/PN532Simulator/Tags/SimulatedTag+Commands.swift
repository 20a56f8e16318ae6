/// Type 2 command codes (the first byte of a command).
enum TagCommandCode {
    static let read: UInt8 = 0x30
    static let fastRead: UInt8 = 0x3A
    static let write: UInt8 = 0xA2
    static let compatibilityWrite: UInt8 = 0xA0
    static let getVersion: UInt8 = 0x60
    static let readSignature: UInt8 = 0x3C
    static let passwordAuthenticate: UInt8 = 0x1B
    static let readCounter: UInt8 = 0x39
    static let halt: UInt8 = 0x50
}

extension SimulatedTag {
    /// Answers one Type 2 command, given without CRC_A.
    ///
    /// A tag that is idle or halted answers nothing. After a NAK, or a command it does not
    /// support, the tag goes back to idle (halted, if it was woken from there) and needs
    /// ``activate()``, as a real tag does. HALT (`50 00`) parks it silently. Commands the
    /// product lacks (GET_VERSION, FAST_READ, READ_SIG, PWD_AUTH on plain Ultralight; READ_CNT
    /// without an NFC counter) get no answer.
    ///
    /// Other families answer their own commands (``TagProduct/family``); a Topaz or a FeliCa
    /// card that does not answer stays selected, since neither has a HALT state.
    public mutating func respond(to command: [UInt8]) -> TagResponse {
        guard state == .active else { return .silent }
        let response = scripted(command, answer(command))
        switch response.kind {
        case .nak, .silent:
            if state == .active, product.family.isTypeA { state = stateAfterError }
            pendingCompatibilityWritePage = nil
            session.pendingClassicWriteBlock = nil
        case .data, .ack:
            break
        }
        return response
    }

    /// The answer to `command` in the active state, by family.
    private mutating func answer(_ command: [UInt8]) -> TagResponse {
        switch product.family {
        case .type2: type2Answer(command)
        case .mifareClassic: classicAnswer(command)
        case .isoDEP: isoDEPAnswer(command)
        case .jewel: topazAnswer(command)
        case .felica: feliCaAnswer(command)
        case .typeB: typeBAnswer(command)
        }
    }

    /// The answer of a Type 2 tag.
    private mutating func type2Answer(_ command: [UInt8]) -> TagResponse {
        if let page = pendingCompatibilityWritePage {
            pendingCompatibilityWritePage = nil
            guard command.count == 16 else { return .nak(TagResponse.NAK.invalidArgument) }
            return write(Array(command.prefix(4)), toPage: page)
        }
        guard let code = command.first else { return .silent }
        let arguments = Array(command.dropFirst())
        let aesChallenge = session.ultralightAESChallenge
        session.ultralightAESChallenge = nil
        switch code {
        case UltralightAESCommandCode.authenticate where product == .ultralightAES:
            return beginAESAuthentication(arguments)
        case UltralightAESCommandCode.additionalFrame where product == .ultralightAES:
            guard let aesChallenge else { return .nak(TagResponse.NAK.invalidArgument) }
            return finishAESAuthentication(arguments, challenge: aesChallenge)
        case TagCommandCode.read:
            return read(arguments)
        case TagCommandCode.fastRead where product.supportsFastRead:
            return fastRead(arguments)
        case TagCommandCode.write:
            return write(arguments)
        case TagCommandCode.compatibilityWrite:
            return startCompatibilityWrite(arguments)
        case TagCommandCode.getVersion:
            guard let version = product.getVersion else { return .silent }
            return arguments.isEmpty ? .data(version) : .nak(TagResponse.NAK.invalidArgument)
        case TagCommandCode.readSignature where product.supportsReadSignature:
            return arguments == [0x00] ? .data(signature) : .nak(TagResponse.NAK.invalidArgument)
        case TagCommandCode.passwordAuthenticate where product.supportsPassword:
            return authenticate(arguments)
        case TagCommandCode.readCounter where product.supportsCounter:
            return readCounter(arguments)
        case TagCommandCode.halt where arguments == [0x00]:
            state = .halted
            return .silent
        default:
            return .silent
        }
    }
}

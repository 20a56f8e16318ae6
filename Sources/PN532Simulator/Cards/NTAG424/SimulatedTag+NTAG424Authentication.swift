/// AuthenticateEV2First (`71`) and AuthenticateEV2NonFirst (`77`) on the card's side, with
/// TotFailCtr (reference §4, §3.1), shared by the NTAG 424 DNA and the DESFire EV2/EV3
/// (``EV2KeyHolder``): both run the same protocol on their own keys.
extension SimulatedTag {
    /// Part 1 on the NTAG 424 DNA (``ev2AuthenticationPart1(first:_:card:session:)``).
    mutating func authenticationPart1(first: Bool, _ data: [UInt8]) -> [UInt8] {
        guard var card = ntag424 else { return [DESFireStatus.illegalCommand] }
        var state = session.ntag424
        let answer = Self.ev2AuthenticationPart1(first: first, data, card: &card, session: &state)
        ntag424 = card
        session.ntag424 = state
        return answer
    }

    /// Part 2 on the NTAG 424 DNA (``ev2AuthenticationPart2(_:_:card:session:)``).
    mutating func authenticationPart2(_ pending: NTAG424Session.PendingAuthentication, _ data: [UInt8]) -> [UInt8] {
        guard var card = ntag424 else { return [DESFireStatus.illegalCommand] }
        var state = session.ntag424
        let answer = Self.ev2AuthenticationPart2(pending, data, card: &card, session: &state)
        ntag424 = card
        session.ntag424 = state
        return answer
    }

    /// Part 1: `71 KeyNo LenCap [PCDcap2]` or `77 KeyNo` → `AF E(K, RndB)`. EV2First ends any
    /// session; NonFirst needs one (`40` otherwise). An unknown key → `40`; TotFailCtr at its
    /// limit → `AD`.
    static func ev2AuthenticationPart1<Card: EV2KeyHolder>(
        first: Bool, _ data: [UInt8], card: inout Card, session: inout NTAG424Session
    ) -> [UInt8] {
        if first { session.authenticated = nil }
        let wellFormed = first ? data.count >= 2 && data[1] <= 6 && data.count == 2 + Int(data[1]) : data.count == 1
        guard wellFormed else {
            session.authenticated = nil
            return [DESFireStatus.lengthError]
        }
        let keyNumber = Int(data[0] & 0x3F)
        guard let key = card.ev2Key(keyNumber), first || session.authenticated != nil else {
            session.authenticated = nil
            return [NTAG424Failure.noSuchKey.status]
        }
        guard card.failedAuthentications < card.failedAuthenticationLimit else {
            session.authenticated = nil
            return [NTAG424Failure.authenticationDelay.status]
        }
        let randomB = card.random(16)
        session.pending = NTAG424Session.PendingAuthentication(first: first, keyNumber: keyNumber, randomB: randomB)
        return [DESFireStatus.additionalFrame] + SimulatorAES(key: key).encryptCBC(randomB)
    }

    /// Part 2: `AF E(K, RndA ‖ RndB′)` → `00 E(K, TI ‖ RndA′ ‖ PDcap2 ‖ PCDcap2)` (First, new TI,
    /// CmdCtr 0) or `00 E(K, RndA′)` (NonFirst, TI and CmdCtr kept). A wrong RndB′ (wrong key)
    /// → `AE`, TotFailCtr + 1 and no session; success takes TotFailCtrDecr off TotFailCtr.
    static func ev2AuthenticationPart2<Card: EV2KeyHolder>(
        _ pending: NTAG424Session.PendingAuthentication, _ data: [UInt8], card: inout Card, session: inout NTAG424Session
    ) -> [UInt8] {
        let previous = session.authenticated
        session.authenticated = nil
        guard data.count == 32 else { return [DESFireStatus.lengthError] }
        guard let key = card.ev2Key(pending.keyNumber) else { return [NTAG424Failure.noSuchKey.status] }
        let cipher = SimulatorAES(key: key)
        let plain = cipher.decryptCBC(data)
        let randomA = Array(plain[0..<16])
        guard Array(plain[16..<32]) == rotatedLeft(pending.randomB) else {
            card.failedAuthentications = min(card.failedAuthentications + 1, 0xFFFF)
            return [DESFireStatus.authenticationError]
        }
        if !pending.first && previous == nil { return [DESFireStatus.authenticationError] }
        card.failedAuthentications = max(0, card.failedAuthentications - card.failedAuthenticationDecrement)
        let context = sessionContext(randomA: randomA, randomB: pending.randomB)
        let transaction = pending.first ? card.random(4) : previous?.transactionIdentifier ?? []
        session.authenticated = NTAG424Session.Authenticated(
            keyNumber: pending.keyNumber,
            transactionIdentifier: transaction,
            commandCounter: pending.first ? 0 : previous?.commandCounter ?? 0,
            encryptionKey: cipher.cmac([0xA5, 0x5A, 0x00, 0x01, 0x00, 0x80] + context),
            macKey: cipher.cmac([0x5A, 0xA5, 0x00, 0x01, 0x00, 0x80] + context)
        )
        let answer = pending.first
            ? transaction + rotatedLeft(randomA) + [UInt8](repeating: 0, count: 12)
            : rotatedLeft(randomA)
        return [DESFireStatus.ok] + cipher.encryptCBC(answer)
    }

    /// `bytes` rotated left by one byte.
    static func rotatedLeft(_ bytes: [UInt8]) -> [UInt8] {
        Array(bytes.dropFirst()) + Array(bytes.prefix(1))
    }

    /// The 26-byte context of the session keys: RndA[0..1] ‖ (RndA[2..7] ⊕ RndB[0..5]) ‖
    /// RndB[6..15] ‖ RndA[8..15].
    static func sessionContext(randomA: [UInt8], randomB: [UInt8]) -> [UInt8] {
        Array(randomA[0..<2]) + (2..<8).map { randomA[$0] ^ randomB[$0 - 2] } + Array(randomB[6..<16]) + Array(randomA[8..<16])
    }
}

/// What EV2 authentication needs of a card: its AES keys by number, TotFailCtr and its random
/// generator.
protocol EV2KeyHolder {
    /// AES key `number`, nil when the card has no such AES key.
    func ev2Key(_ number: Int) -> [UInt8]?
    /// TotFailCtr.
    var failedAuthentications: Int { get set }
    /// At this count every authentication is refused with `AD`.
    var failedAuthenticationLimit: Int { get }
    /// What a success takes off TotFailCtr.
    var failedAuthenticationDecrement: Int { get }
    /// `count` bytes of the card's random generator.
    mutating func random(_ count: Int) -> [UInt8]
}

extension SimulatedNTAG424: EV2KeyHolder {
    func ev2Key(_ number: Int) -> [UInt8]? {
        keys.indices.contains(number) ? keys[number] : nil
    }
}

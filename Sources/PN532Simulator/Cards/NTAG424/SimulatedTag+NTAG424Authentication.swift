/// AuthenticateEV2First (`71`) and AuthenticateEV2NonFirst (`77`) on the card's side, with
/// TotFailCtr (reference §4, §3.1).
extension SimulatedTag {
    /// Part 1: `71 KeyNo LenCap [PCDcap2]` or `77 KeyNo` → `AF E(K, RndB)`. EV2First ends any
    /// session; NonFirst needs one (`40` otherwise). An unknown key → `40`; TotFailCtr at its
    /// limit → `AD`.
    mutating func authenticationPart1(first: Bool, _ data: [UInt8]) -> [UInt8] {
        guard var card = ntag424 else { return [DESFireStatus.illegalCommand] }
        if first { session.ntag424.authenticated = nil }
        let wellFormed = first ? data.count >= 2 && data[1] <= 6 && data.count == 2 + Int(data[1]) : data.count == 1
        guard wellFormed else {
            session.ntag424.authenticated = nil
            return [DESFireStatus.lengthError]
        }
        let keyNumber = Int(data[0] & 0x3F)
        guard keyNumber < card.keys.count, first || session.ntag424.authenticated != nil else {
            session.ntag424.authenticated = nil
            return [NTAG424Failure.noSuchKey.status]
        }
        guard card.failedAuthentications < card.failedAuthenticationLimit else {
            session.ntag424.authenticated = nil
            return [NTAG424Failure.authenticationDelay.status]
        }
        let randomB = card.random(16)
        ntag424 = card
        session.ntag424.pending = NTAG424Session.PendingAuthentication(first: first, keyNumber: keyNumber, randomB: randomB)
        let cipher = SimulatorAES(key: card.keys[keyNumber])
        return [DESFireStatus.additionalFrame] + cipher.encryptCBC(randomB)
    }

    /// Part 2: `AF E(K, RndA ‖ RndB′)` → `00 E(K, TI ‖ RndA′ ‖ PDcap2 ‖ PCDcap2)` (First, new TI,
    /// CmdCtr 0) or `00 E(K, RndA′)` (NonFirst, TI and CmdCtr kept). A wrong RndB′ (wrong key)
    /// → `AE`, TotFailCtr + 1 and no session; success takes TotFailCtrDecr off TotFailCtr.
    mutating func authenticationPart2(_ pending: NTAG424Session.PendingAuthentication, _ data: [UInt8]) -> [UInt8] {
        guard var card = ntag424 else { return [DESFireStatus.illegalCommand] }
        let previous = session.ntag424.authenticated
        session.ntag424.authenticated = nil
        guard data.count == 32 else { return [DESFireStatus.lengthError] }
        let key = card.keys[pending.keyNumber]
        let cipher = SimulatorAES(key: key)
        let plain = cipher.decryptCBC(data)
        let randomA = Array(plain[0..<16])
        guard Array(plain[16..<32]) == Self.rotatedLeft(pending.randomB) else {
            card.failedAuthentications = min(card.failedAuthentications + 1, 0xFFFF)
            ntag424 = card
            return [DESFireStatus.authenticationError]
        }
        if !pending.first && previous == nil { return [DESFireStatus.authenticationError] }
        card.failedAuthentications = max(0, card.failedAuthentications - card.failedAuthenticationDecrement)
        let context = Self.sessionContext(randomA: randomA, randomB: pending.randomB)
        let transaction = pending.first ? card.random(4) : previous?.transactionIdentifier ?? []
        ntag424 = card
        session.ntag424.authenticated = NTAG424Session.Authenticated(
            keyNumber: pending.keyNumber,
            transactionIdentifier: transaction,
            commandCounter: pending.first ? 0 : previous?.commandCounter ?? 0,
            encryptionKey: cipher.cmac([0xA5, 0x5A, 0x00, 0x01, 0x00, 0x80] + context),
            macKey: cipher.cmac([0x5A, 0xA5, 0x00, 0x01, 0x00, 0x80] + context)
        )
        let answer = pending.first
            ? transaction + Self.rotatedLeft(randomA) + [UInt8](repeating: 0, count: 12)
            : Self.rotatedLeft(randomA)
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

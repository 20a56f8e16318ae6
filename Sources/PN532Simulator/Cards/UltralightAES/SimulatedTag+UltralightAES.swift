/// MIFARE Ultralight AES commands (type4-ntag424.md §8.4): the 3-pass AES authentication that
/// opens the pages from AUTH0 on, the key pages that read as 00, and the key lock bits.
enum UltralightAESCommandCode {
    /// AUTHENTICATE part 1: `1A KeyNo`.
    static let authenticate: UInt8 = 0x1A
    /// AUTHENTICATE part 2: `AF ‖ E(K, RndA ‖ RndB′)`.
    static let additionalFrame: UInt8 = 0xAF
}

/// What the card remembers between the authentication's two parts.
struct UltralightAESChallenge: Equatable, Sendable {
    /// The key the reader named.
    var keyNumber: Int
    /// The card's challenge, sent encrypted in part 1.
    var rndB: [UInt8]
}

extension TagProduct {
    /// Whether READ returns 00 for `page`: Ultralight AES's key pages (30h on).
    func hidesPage(_ page: Int) -> Bool {
        self == .ultralightAES && page >= SimulatedTag.ultralightAESKeyPage
    }
}

extension SimulatedTag {
    /// The first key page: DataProtKey in 30h–33h, UIDRetrKey in 34h–37h, each stored fully
    /// byte-reversed.
    static let ultralightAESKeyPage = 0x30
    /// The key lock page: byte 0 bit 0 freezes DataProtKey, bit 1 UIDRetrKey.
    static let ultralightAESKeyLockPage = 0x2D

    /// AES key `number` (0 DataProtKey, 1 UIDRetrKey) as the card uses it; nil for the others
    /// (the originality key 2 is not simulated).
    func ultralightAESKey(_ number: Int) -> [UInt8]? {
        guard product == .ultralightAES, (0...1).contains(number) else { return nil }
        let first = Self.ultralightAESKeyPage + number * 4
        return Array((first..<first + 4).flatMap { page($0) }.reversed())
    }

    /// Stores `key` (16 bytes) as AES key `number` (0 or 1), byte-reversed in its pages.
    mutating func setUltralightAESKey(_ number: Int, to key: [UInt8]) {
        let reversed = Array(Self.padded(key, to: 16).reversed())
        let first = Self.ultralightAESKeyPage + number * 4
        for index in 0..<4 { _ = store(Array(reversed[index * 4..<index * 4 + 4]), atPage: first + index) }
    }

    /// Whether `page` is a key page whose key lock bit is set.
    func isAESKeyLocked(page number: Int) -> Bool {
        guard product == .ultralightAES, (Self.ultralightAESKeyPage..<Self.ultralightAESKeyPage + 8).contains(number) else { return false }
        let bit: UInt8 = number < Self.ultralightAESKeyPage + 4 ? 0x01 : 0x02
        return page(Self.ultralightAESKeyLockPage)[0] & bit != 0
    }

    /// AUTHLIM: CFG1 bytes 2–3, 10 bits; failed authentications allowed, 0 for no limit.
    var aesAuthenticationLimit: Int {
        guard let configuration = product.configurationPage else { return 0 }
        let cfg1 = page(configuration + 1)
        return Int(cfg1[2]) | Int(cfg1[3] & 0x03) << 8
    }

    /// Part 1, `1A KeyNo`: `AF ‖ E(K, RndB)` with a fresh RndB, CBC with a zero IV. NAK for a
    /// key that is not simulated, and once AUTHLIM's failures are used up.
    mutating func beginAESAuthentication(_ arguments: [UInt8]) -> TagResponse {
        guard arguments.count == 1, let key = ultralightAESKey(Int(arguments[0])) else { return .nak(TagResponse.NAK.invalidArgument) }
        let limit = aesAuthenticationLimit
        if limit != 0, failedPasswordAttempts >= limit { return .nak(TagResponse.NAK.authenticationLimitReached) }
        let rndB = nextRandomBytes(16)
        session.ultralightAESChallenge = UltralightAESChallenge(keyNumber: Int(arguments[0]), rndB: rndB)
        return .data([0xAF] + SimulatorAES(key: key).encryptCBC(rndB))
    }

    /// Part 2, `AF ‖ E(K, RndA ‖ RndB′)`: `00 ‖ E(K, RndA′)` when RndB′ is this card's, and the
    /// protected pages are open; a NAK otherwise, counted against AUTHLIM.
    mutating func finishAESAuthentication(_ arguments: [UInt8], challenge: UltralightAESChallenge) -> TagResponse {
        guard arguments.count == 32, let key = ultralightAESKey(challenge.keyNumber) else { return .nak(TagResponse.NAK.invalidArgument) }
        let cipher = SimulatorAES(key: key)
        let plain = cipher.decryptCBC(arguments)
        let rotatedB = Array(challenge.rndB.dropFirst()) + challenge.rndB.prefix(1)
        guard Array(plain[16..<32]) == rotatedB else {
            if aesAuthenticationLimit != 0 { failedPasswordAttempts += 1 }
            return .nak(TagResponse.NAK.invalidArgument)
        }
        failedPasswordAttempts = 0
        isAuthenticated = true
        let rndA = Array(plain[0..<16])
        return .data([0x00] + cipher.encryptCBC(Array(rndA.dropFirst()) + rndA.prefix(1)))
    }
}

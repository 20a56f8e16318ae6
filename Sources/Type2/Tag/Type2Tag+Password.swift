import Basics
import NFCCore

/// Password protection settings of NTAG21x and Ultralight EV1.
public struct PasswordProtection: Hashable, Sendable {
    /// The 4-byte password (PWD).
    public var password: [UInt8]
    /// The 2-byte acknowledge the tag answers a right password with (PACK).
    public var acknowledge: [UInt8]
    /// The first protected page (AUTH0).
    public var firstProtectedPage: UInt8
    /// True: reads need the password too (PROT = 1); false: only writes.
    public var protectsReads: Bool
    /// Failed attempts allowed, as the 3-bit AUTHLIM (0 = unlimited, n = 2^n attempts:
    /// ``AttemptLimit`` converts).
    public var attemptLimit: UInt8

    /// Creates settings.
    public init(password: [UInt8], acknowledge: [UInt8], firstProtectedPage: UInt8 = 4, protectsReads: Bool = false, attemptLimit: UInt8 = 0) {
        self.password = password
        self.acknowledge = acknowledge
        self.firstProtectedPage = firstProtectedPage
        self.protectsReads = protectsReads
        self.attemptLimit = attemptLimit
    }
}

extension Type2Tag {
    /// Protects the tag with a password. PWD and PACK are written first, then the ACCESS byte
    /// (PROT, AUTHLIM), and AUTH0 last, so that a tag pulled away early is never protected by
    /// a password that was not stored (nfcpy writes AUTH0 first).
    @discardableResult
    public func protect(_ protection: PasswordProtection) throws(Type2Error) -> WriteResult {
        let configuration = try configurationPage()
        guard protection.password.count == 4, protection.acknowledge.count == 2, protection.attemptLimit < 8 else {
            throw .unsupported(.protectionSettings(
                passwordLength: protection.password.count, acknowledgeLength: protection.acknowledge.count, attemptLimit: protection.attemptLimit))
        }
        let pages = try read(pages: configuration..<configuration + 2)
        try write(page: configuration + 2, protection.password, step: "WRITE PWD")
        try write(page: configuration + 3, protection.acknowledge + [0x00, 0x00], step: "WRITE PACK")
        let access = pages[4] & 0x78 | (protection.protectsReads ? 0x80 : 0x00) | protection.attemptLimit
        try write(page: configuration + 1, [access] + Array(pages[5..<8]), step: "WRITE CFG1 (ACCESS)")
        try write(page: configuration, Array(pages[0..<3]) + [protection.firstProtectedPage], step: "WRITE CFG0 (AUTH0)")
        return WriteResult(pagesWritten: 4, pagesVerified: 0)
    }

    /// PWD_AUTH: authenticates with `password` and returns the PACK; checks it against
    /// `expectedAcknowledge` when given.
    ///
    /// - Throws: `.wrongPassword` when the tag refuses it (a wrong password, or AUTHLIM's
    ///   attempts used up; the tag then needs selecting again), `.unexpectedAcknowledgement`
    ///   for a PACK that differs.
    @discardableResult
    public func authenticate(password: [UInt8], expectedAcknowledge: [UInt8]? = nil) throws(Type2Error) -> [UInt8] {
        guard product.hasPasswordAuthentication else { throw .unsupported(.command(.passwordAuthentication, product: product)) }
        guard password.count == 4 else { throw .unsupported(.passwordLength(password.count)) }
        let pack: [UInt8]
        do throws(Type2Error) { pack = try send([0x1B] + password, step: "PWD_AUTH", expecting: 2) } catch {
            if case .exchange(.negativeAcknowledgement, _) = error { throw .wrongPassword }
            throw error
        }
        if let expectedAcknowledge, pack != expectedAcknowledge {
            throw .unexpectedAcknowledgement(answered: pack, expected: expectedAcknowledge)
        }
        return pack
    }

    /// Removes the protection: authenticates, then sets AUTH0 to FF.
    @discardableResult
    public func unprotect(password: [UInt8], expectedAcknowledge: [UInt8]? = nil) throws(Type2Error) -> WriteResult {
        let configuration = try configurationPage()
        try authenticate(password: password, expectedAcknowledge: expectedAcknowledge)
        let page = try read(pages: configuration..<configuration + 1)
        try write(page: configuration, Array(page[0..<3]) + [0xFF], step: "WRITE CFG0 (AUTH0 off)")
        return WriteResult(pagesWritten: 1, pagesVerified: 0)
    }

    /// READ_CNT 02: the 24-bit NFC counter (NTAG213/215/216 with NFC_CNT_EN set).
    public func readCounter() throws(Type2Error) -> Int {
        guard product.hasNFCCounter else { throw .unsupported(.command(.readCounter, product: product)) }
        let bytes = try send([0x39, 0x02], step: "READ_CNT", expecting: 3)
        return Int(bytes[0]) | Int(bytes[1]) << 8 | Int(bytes[2]) << 16
    }

    /// READ_SIG: the originality signature, r ‖ s over the UID: 32 bytes (secp128r1), 48 on
    /// Ultralight AES (secp192r1) (``Type2Product/signatureLength``).
    public func readSignature() throws(Type2Error) -> [UInt8] {
        guard product.hasExtendedCommands else { throw .unsupported(.command(.readSignature, product: product)) }
        return try send([0x3C, 0x00], step: "READ_SIG", expecting: product.signatureLength)
    }

    private func configurationPage() throws(Type2Error) -> Int {
        guard product.hasPasswordAuthentication, let page = product.configurationPage else { throw .unsupported(.passwordProtection(product: product)) }
        return page
    }
}

import Originality

extension OriginalityKey {
    /// The project's test key (secp128r1, private key `4C1E231E1F44D03F824146F2A63DE279`,
    /// published in the test vectors): the simulator's tags are signed with it. Never for a
    /// real door: anyone can sign with it.
    public static let pn532ctlTest = OriginalityKey(uncompressed: [
        0x04,
        0xBC, 0xCB, 0x2F, 0x6A, 0x3B, 0x61, 0xEE, 0xA0, 0xF6, 0x81, 0x19, 0x30, 0x29, 0x8C, 0xEC, 0xCE,
        0x2B, 0xC2, 0x46, 0xF7, 0x6B, 0x53, 0x25, 0x81, 0x9B, 0x5D, 0xDB, 0x98, 0x15, 0xBD, 0xA0, 0x72,
    ])!
}

extension SecurityConfig.OriginalityKeyChoice {
    /// The public key this choice names.
    public var publicKey: OriginalityKey {
        switch self {
        case .nxp: .nxpNTAG21x
        case .test: .pn532ctlTest
        }
    }
}

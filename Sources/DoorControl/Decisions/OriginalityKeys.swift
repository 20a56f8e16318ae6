import Originality

extension SecurityConfig.OriginalityKeyChoice {
    /// The public key this choice names.
    public var publicKey: OriginalityKey {
        switch self {
        case .nxp: .nxpNTAG21x
        case .test: .pn532ctlTest
        }
    }
}

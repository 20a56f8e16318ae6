import DESFire

extension EV2ProofRequest.Application {
    /// The DESFire application whose AID the wire carries as `bytes` (3 bytes, LSB first:
    /// `F5 42 01` is AID 0142F5); nil for another length.
    public static func desfire(wireOrder bytes: [UInt8]) -> Self? {
        guard bytes.count == 3 else { return nil }
        return .desfire(DESFireApplicationID(UInt32(bytes[0]) | UInt32(bytes[1]) << 8 | UInt32(bytes[2]) << 16))
    }
}

/// NXP AN10922 §2.2 AES-128 key diversification: one card's key from a site master key and
/// the card's identity, so a key extracted from one card opens that card only.
public enum KeyDiversification {
    /// The most diversification-input bytes (M): `01 ‖ M` fills at most two blocks.
    public static let maximumInputLength = 31
    /// The AES-128 diversification constant that starts D.
    static let aes128Constant: UInt8 = 0x01

    /// The diversified key for input `m` (1 … 31 bytes, e.g. UID ‖ AID ‖ system identifier);
    /// nil when `m` is empty or longer than 31 bytes.
    ///
    /// D = `01 ‖ M` is padded with `80 00…` to 32 bytes and its last block XORed with CMAC
    /// subkey K2 (K1 when D fills 32 bytes unpadded); the key is the last block of
    /// AES-CBC-MAC(master, D). Padding to 32 bytes (not to 16, as CMAC would for short M) is
    /// AN10922's rule, and the one NXP's example pins.
    public static func aes128(master: AESKey, input m: [UInt8]) -> AESKey? {
        guard (1...maximumInputLength).contains(m.count) else { return nil }
        var d = [aes128Constant] + m
        let (k1, k2) = master.cmacSubkeys
        let isFull = d.count == 2 * AESKey.length
        if !isFull {
            d.append(0x80)
            d += [UInt8](repeating: 0, count: 2 * AESKey.length - d.count)
        }
        let last = xor(Array(d[AESKey.length...]), isFull ? k1 : k2)
        return AESKey(master.cbcMACLastBlock(Array(d[..<AESKey.length]) + last))
    }

    /// AN10922's input for a card: UID ‖ AID ‖ system identifier, nil past 31 bytes.
    public static func input(uid: [UInt8], applicationID: [UInt8] = [], systemIdentifier: [UInt8] = []) -> [UInt8]? {
        let m = uid + applicationID + systemIdentifier
        return (1...maximumInputLength).contains(m.count) ? m : nil
    }
}

/// The card keys a site gives its keyed cards, one derivation for each family, shared by the
/// door (which challenges a card with its key) and provisioning (which writes it).
extension KeyDiversification {
    /// AN10922's input for key `keyNumber` of an NTAG 424 DNA: M = UID (7 bytes) ‖ key number
    /// (1 byte) ‖ system identifier; nil past 31 bytes.
    public static func input(uid: [UInt8], keyNumber: UInt8, systemIdentifier: [UInt8] = []) -> [UInt8]? {
        input(uid: uid, applicationID: [keyNumber], systemIdentifier: systemIdentifier)
    }

    /// Key `keyNumber` of the NTAG 424 DNA with real UID `uid`: AN10922(site master key,
    /// UID ‖ key number ‖ system identifier) — what `pn532ctl key derive --master-key-file F
    /// --uid UID --key-number N [--system-id S]` prints. Nil when the input is past 31 bytes.
    public static func ntag424CardKey(master: AESKey, uid: [UInt8], keyNumber: UInt8, systemIdentifier: [UInt8] = []) -> AESKey? {
        input(uid: uid, keyNumber: keyNumber, systemIdentifier: systemIdentifier).flatMap { aes128(master: master, input: $0) }
    }

    /// The DataProtKey of the MIFARE Ultralight AES with UID `uid`: AN10922(site master key, UID ‖
    /// system identifier) — what `pn532ctl key derive --master-key-file F --uid UID [--system-id
    /// S]` prints. Nil when the input is past 31 bytes.
    public static func ultralightAESCardKey(master: AESKey, uid: [UInt8], systemIdentifier: [UInt8] = []) -> AESKey? {
        input(uid: uid, systemIdentifier: systemIdentifier).flatMap { aes128(master: master, input: $0) }
    }

    /// The key of the DESFire EV2/EV3 application `application` (its AID's 3 bytes in wire
    /// order, LSB first) on the card with real UID `uid`: AN10922(site master key, UID ‖ AID ‖
    /// system identifier) — what `pn532ctl key derive --master-key-file F --uid UID --aid AID
    /// [--system-id S]` prints. Nil when the input is past 31 bytes.
    public static func desfireCardKey(master: AESKey, uid: [UInt8], application: [UInt8], systemIdentifier: [UInt8] = []) -> AESKey? {
        input(uid: uid, applicationID: application, systemIdentifier: systemIdentifier).flatMap { aes128(master: master, input: $0) }
    }
}

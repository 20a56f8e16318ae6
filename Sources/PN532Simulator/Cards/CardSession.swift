/// What a selected card keeps between two commands; a new activation, a HALT or a loss of
/// power clears it.
struct CardSession: Equatable, Sendable {
    /// MIFARE Classic: the sector the last authentication opened, if it succeeded.
    var classicSector: Int?
    /// MIFARE Classic: whether that authentication used key B.
    var classicKeyB = false
    /// MIFARE Classic: the block a WRITE (`A0 bb`) acknowledged, whose 16 bytes come next.
    var pendingClassicWriteBlock: Int?
    /// ISO-DEP: RATS was answered, so the card takes ISO/IEC 14443-4 blocks.
    var isoDEPActive = false
    /// DESFire: the part of GetVersion the next `AF` asks for (1 or 2), if one is under way.
    var versionPart: Int?
    /// DESFire: the rest of a native answer the next `AF` asks for.
    var desfirePendingAnswer: [UInt8]?
    /// DESFire: the selected application's index; nil at the PICC level.
    var desfireApplication: Int?
    /// Type 4: the NDEF application is selected (SELECT by its name).
    var ndefApplicationSelected = false
    /// Type 4: the elementary file SELECT chose in it.
    var selectedFile: UInt16?
    /// Ultralight AES: the authentication's part 1 was answered; part 2 must come next.
    var ultralightAESChallenge: UltralightAESChallenge?
    /// NTAG 424 DNA: authentication and SDM state.
    var ntag424 = NTAG424Session()
}

/// ISO/IEC 7816-4 file commands of a card holding the NDEF Tag Application (NFC Forum Type 4,
/// written from the T4T procedure and the NTAG 424 DNA data sheet's ISO commands): SELECT by
/// name and by file identifier, READ BINARY and UPDATE BINARY in plain, short APDUs only.
extension SimulatedTag {
    /// The NDEF Tag Application's name for mapping 1.0; NTAG 424 DNA selects its PICC level
    /// (MF) with it.
    static let legacyNDEFApplicationName: [UInt8] = [0xD2, 0x76, 0x00, 0x00, 0x85, 0x01, 0x00]

    /// The answer to a CLA `00` SELECT, READ BINARY or UPDATE BINARY; nil for any other APDU
    /// (left to the card's own commands). A card without files answers nil too.
    mutating func type4FileAnswer(_ apdu: [UInt8]) -> [UInt8]? {
        guard !files.isEmpty, apdu.count >= 4, apdu[0] == 0x00 else { return nil }
        switch apdu[1] {
        case 0xA4:
            versionPart = nil
            return select(apdu)
        case 0xB0:
            versionPart = nil
            return readBinary(apdu)
        case 0xD6:
            versionPart = nil
            return updateBinary(apdu)
        default:
            return nil
        }
    }

    /// SELECT (`00 A4 P1 P2 Lc data [Le]`): by DF name (P1 `04`) the NDEF application → `90 00`
    /// (NTAG 424 DNA: the mapping 1.0 name selects its PICC level, leaving the application);
    /// by file identifier (P1 `00`, P2 `00` or `0C`) a file of the selected application →
    /// `90 00`; anything else → `6A 82`, or `6A 86` for other P1 P2.
    private mutating func select(_ apdu: [UInt8]) -> [UInt8] {
        guard apdu.count >= 5 else { return [0x6A, 0x82] }
        let length = Int(apdu[4])
        guard apdu.count == 5 + length || apdu.count == 6 + length else { return [0x6A, 0x82] }
        let data = Array(apdu[5..<5 + length])
        switch (apdu[2], apdu[3]) {
        case (0x04, 0x00), (0x04, 0x0C):
            if data == Self.ndefApplicationName {
                session.ndefApplicationSelected = true
                session.selectedFile = nil
                return [0x90, 0x00]
            }
            if product == .ntag424, data == Self.legacyNDEFApplicationName {
                session.ndefApplicationSelected = false
                session.selectedFile = nil
                return [0x90, 0x00]
            }
            return [0x6A, 0x82]
        case (0x00, 0x00), (0x00, 0x0C):
            guard session.ndefApplicationSelected, data.count == 2 else { return [0x6A, 0x82] }
            let id = UInt16(data[0]) << 8 | UInt16(data[1])
            guard files.contains(where: { $0.id == id }) else { return [0x6A, 0x82] }
            session.selectedFile = id
            return [0x90, 0x00]
        default:
            return [0x6A, 0x86]
        }
    }

    /// The selected file's index, or the status word that refuses the command: `69 85` with
    /// no file selected, `6A 86` for short-FID addressing (P1 bit 7, not simulated).
    private func selectedFileIndex(_ apdu: [UInt8]) -> Result<Int, StatusError> {
        guard apdu[2] & 0x80 == 0 else { return .failure(StatusError(bytes: [0x6A, 0x86])) }
        guard let id = session.selectedFile, let index = files.firstIndex(where: { $0.id == id }) else {
            return .failure(StatusError(bytes: [0x69, 0x85]))
        }
        return .success(index)
    }

    /// READ BINARY on the selected file (``SimulatedFile/readBinaryAnswer(_:)``).
    private func readBinary(_ apdu: [UInt8]) -> [UInt8] {
        guard apdu.count == 5 else { return [0x67, 0x00] }
        switch selectedFileIndex(apdu) {
        case .success(let index): return files[index].readBinaryAnswer(apdu)
        case .failure(let error): return error.bytes
        }
    }

    /// UPDATE BINARY on the selected file (``SimulatedFile/updateBinaryAnswer(_:)``).
    private mutating func updateBinary(_ apdu: [UInt8]) -> [UInt8] {
        guard apdu.count >= 6, apdu[4] != 0, apdu.count == 5 + Int(apdu[4]) else { return [0x67, 0x00] }
        switch selectedFileIndex(apdu) {
        case .success(let index): return files[index].updateBinaryAnswer(apdu)
        case .failure(let error): return error.bytes
        }
    }

    /// A status word that refuses a command, carried through a `Result`.
    struct StatusError: Error {
        let bytes: [UInt8]
    }
}

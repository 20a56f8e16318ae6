/// A DESFire's ISO/IEC 7816-4 commands (CLA `00`): SELECT of an application by its DF name
/// and of a file of the selected application by its ISO file identifier, READ BINARY and
/// UPDATE BINARY on that file in plain, as the NFC Forum Type 4 procedure uses them.
extension SimulatedTag {
    /// The answer to a CLA `00` APDU: SELECT (`A4`), READ BINARY (`B0`), UPDATE BINARY
    /// (`D6`); other instructions `6D 00`.
    mutating func desfireISOAnswer(_ apdu: [UInt8]) -> [UInt8] {
        switch apdu[1] {
        case 0xA4: desfireSelect(apdu)
        case 0xB0: desfireBinary(apdu) { file in file.readBinaryAnswer(apdu) }
        case 0xD6: desfireBinary(apdu) { file in file.updateBinaryAnswer(apdu) }
        default: [0x6D, 0x00]
        }
    }

    /// SELECT by DF name (P1 `04`): the application with that name → `90 00`, else `6A 82`;
    /// by file identifier (P1 `00`, P2 `00` or `0C`): the selected application's file with
    /// that ISO FID → `90 00`, else `6A 82`; other P1 P2 `6A 86`.
    private mutating func desfireSelect(_ apdu: [UInt8]) -> [UInt8] {
        guard let picc = desfire, apdu.count >= 5 else { return [0x6A, 0x82] }
        let length = Int(apdu[4])
        guard apdu.count == 5 + length || apdu.count == 6 + length else { return [0x6A, 0x82] }
        let data = Array(apdu[5..<5 + length])
        switch (apdu[2], apdu[3]) {
        case (0x04, 0x00), (0x04, 0x0C):
            guard !data.isEmpty, let index = picc.applications.firstIndex(where: { $0.dfName == data }) else { return [0x6A, 0x82] }
            selectedApplication = index
            session.selectedFile = nil
            return [0x90, 0x00]
        case (0x00, 0x00), (0x00, 0x0C):
            guard let index = selectedApplication, data.count == 2 else { return [0x6A, 0x82] }
            let id = UInt16(data[0]) << 8 | UInt16(data[1])
            guard picc.applications[index].files.contains(where: { $0.isoFileID == id }) else { return [0x6A, 0x82] }
            session.selectedFile = id
            return [0x90, 0x00]
        default:
            return [0x6A, 0x86]
        }
    }

    /// READ BINARY or UPDATE BINARY (`body`) on the file SELECT chose, seen as a
    /// ``SimulatedFile`` and written back: `69 85` with no file selected, `6A 86` for
    /// short-FID addressing (P1 bit 7, not simulated), `67 00` for a command too short.
    private mutating func desfireBinary(_ apdu: [UInt8], _ body: (inout SimulatedFile) -> [UInt8]) -> [UInt8] {
        guard apdu.count >= 5 else { return [0x67, 0x00] }
        guard apdu[2] & 0x80 == 0 else { return [0x6A, 0x86] }
        guard var picc = desfire, let application = selectedApplication, let id = session.selectedFile,
              let index = picc.applications[application].files.firstIndex(where: { $0.isoFileID == id })
        else { return [0x69, 0x85] }
        let file = picc.applications[application].files[index]
        var view = file.isoView(id: id)
        let answer = body(&view)
        picc.applications[application].files[index].data = view.bytes
        desfire = picc
        return answer
    }

    /// The NDEF application's files as READ BINARY sees them: a Type 4 card's (``files``), or
    /// a DESFire's application named D2760000850101 (its files with an ISO file identifier).
    public var ndefApplicationFiles: [SimulatedFile] {
        guard let desfire else { return files }
        let application = desfire.applications.first { $0.dfName == SimulatedDESFire.ndefApplicationName }
        return application?.files.compactMap { file in file.isoFileID.map { file.isoView(id: $0) } } ?? []
    }
}

extension SimulatedDESFire.File {
    /// The file as ISO/IEC 7816-4 sees it: free read and write only in plain communication.
    func isoView(id: UInt16) -> SimulatedFile {
        SimulatedFile(id: id, bytes: data, freeRead: freeRead && isPlain, freeWrite: freeWrite && isPlain)
    }
}

/// Secure Dynamic Messaging (reference §6): the NDEF file as an unauthenticated read sees it,
/// with the UID, SDMReadCtr, PICCData, encrypted file data and SDMMAC written over their
/// placeholders as upper-case ASCII hex.
extension SimulatedTag {
    /// The mirrored NDEF file. A first read (after any other command) first takes SDMReadCtr
    /// up by one and draws new PICCData padding: at the counter's limit → `9D`, at FFFFFF → `1E`.
    mutating func sdmImage(firstRead: Bool) -> Result<[UInt8], NTAG424Failure> {
        guard var card = ntag424, files.count >= 2 else { return .failure(.fileNotFound) }
        var image = files[1].bytes
        guard let sdm = card.fileSettings[1].sdm else { return .success(image) }
        if firstRead {
            guard card.sdmReadCounter < 0xFF_FFFF else { return .failure(.integrity) }
            if sdm.hasCounterLimit, let limit = sdm.readCounterLimit, card.sdmReadCounter >= limit { return .failure(.permission) }
            card.sdmReadCounter += 1
            card.sdmRandomPadding = card.random(15 - (sdm.mirrorsUID ? 7 : 0) - (sdm.mirrorsCounter ? 3 : 0))
            ntag424 = card
        }
        let counter = Self.littleEndian(card.sdmReadCounter, count: 3)
        let mirrored = (sdm.mirrorsUID ? card.uid : []) + (sdm.mirrorsCounter ? counter : [])
        func put(_ bytes: [UInt8], at offset: Int?) {
            let text = Self.upperHex(bytes)
            guard let offset, offset >= 0, offset <= image.count - text.count else { return }
            image.replaceSubrange(offset..<offset + text.count, with: text)
        }
        if sdm.metaRead == 0xE {
            if sdm.mirrorsUID { put(card.uid, at: sdm.uidOffset) }
            if sdm.mirrorsCounter, sdm.readCounterOffset != 0xFF_FFFF { put(counter.reversed(), at: sdm.readCounterOffset) }
        } else if Int(sdm.metaRead) < card.keys.count {
            let tag: UInt8 = (sdm.mirrorsUID ? 0x87 : 0) | (sdm.mirrorsCounter ? 0x40 : 0)
            let plain = [tag] + mirrored + card.sdmRandomPadding
            put(SimulatorAES(key: card.keys[Int(sdm.metaRead)]).encryptCBC(plain), at: sdm.piccDataOffset)
        }
        guard Int(sdm.fileRead) < card.keys.count else { return .success(image) }
        let fileKey = SimulatorAES(key: card.keys[Int(sdm.fileRead)])
        if sdm.encryptsFileData, let offset = sdm.encOffset, let length = sdm.encLength, offset >= 0, offset <= image.count - length {
            let sessionKey = SimulatorAES(key: fileKey.cmac([0xC3, 0x3C, 0x00, 0x01, 0x00, 0x80] + card.uid + counter))
            let iv = sessionKey.encrypt(block: counter + [UInt8](repeating: 0, count: 13))
            put(sessionKey.encryptCBC(Array(image[offset..<offset + length / 2]), iv: iv), at: offset)
        }
        let macKey = SimulatorAES(key: fileKey.cmac(Self.padded([0x3C, 0xC3, 0x00, 0x01, 0x00, 0x80] + mirrored, to: 16)))
        if let input = sdm.macInputOffset, let macOffset = sdm.macOffset, input >= 0, input <= macOffset, macOffset <= image.count {
            put(macKey.truncatedMAC(Array(image[input..<macOffset])), at: macOffset)
        }
        return .success(image)
    }

    /// `bytes` as upper-case hex digits in ASCII.
    static func upperHex(_ bytes: [UInt8]) -> [UInt8] {
        let digits = Array("0123456789ABCDEF".utf8)
        return bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0x0F)]] }
    }

    /// ISO READ BINARY and UPDATE BINARY on the selected file: plain only, refused (`69 82`)
    /// in an EV2 session, under free Read/ReadWrite (or SDM's FileRead key: the mirrored
    /// image) and free Write/ReadWrite rights.
    mutating func ntag424ISOAnswer(_ apdu: [UInt8], previousRead: NTAG424Session.ReadPath?) -> [UInt8] {
        guard let card = ntag424, files.count >= 3 else { return [0x6D, 0x00] }
        guard apdu[2] & 0x80 == 0 else { return [0x6A, 0x86] }
        guard session.ndefApplicationSelected, let id = session.selectedFile,
              let index = files.firstIndex(where: { $0.id == id }), index < 3
        else { return [0x69, 0x85] }
        guard session.ntag424.authenticated == nil else { return [0x69, 0x82] }
        let settings = card.fileSettings[index]
        if apdu[1] == 0xD6 {
            guard grant([settings.write, settings.readWrite]) == .free else { return [0x69, 0x82] }
            var file = SimulatedFile(id: id, bytes: files[index].bytes, freeWrite: true)
            let answer = file.updateBinaryAnswer(apdu)
            files[index].bytes = file.bytes
            return answer
        }
        guard apdu.count == 5 else { return [0x67, 0x00] }
        let sdmGrant: NTAG424Grant? = settings.sdm.map { $0.fileRead == 0xF ? nil : .free } ?? nil
        guard (grant([settings.read, settings.readWrite]) ?? sdmGrant) == .free else { return [0x69, 0x82] }
        guard settings.sdm != nil else { return files[index].readBinaryAnswer(apdu) }
        switch sdmImage(firstRead: previousRead != .iso) {
        case .success(let image):
            session.ntag424.lastSDMRead = .iso
            return SimulatedFile(id: id, bytes: image, freeWrite: false).readBinaryAnswer(apdu)
        case .failure:
            return [0x69, 0x82]
        }
    }
}

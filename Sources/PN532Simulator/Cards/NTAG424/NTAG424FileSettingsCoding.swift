/// The bytes of NTAG 424 DNA file settings (reference §5.2): GetFileSettings' answer and
/// ChangeFileSettings' data, with the SDM fields present only under their conditions, all
/// numbers least significant byte first.
enum NTAG424FileSettingsCoding {
    /// `00 FileOption AR(2) Size(3) [SDMOptions SDMAR(2) offsets…]`.
    static func encoded(_ settings: SimulatedNTAG424.FileSettings, size: Int) -> [UInt8] {
        let option = settings.commMode.rawValue | (settings.sdm == nil ? 0 : 0x40)
        var bytes = [0x00, option] + SimulatedTag.littleEndian(Int(settings.accessRights), count: 2) + SimulatedTag.littleEndian(size, count: 3)
        guard let sdm = settings.sdm else { return bytes }
        bytes += [sdm.options] + SimulatedTag.littleEndian(Int(sdm.accessRights), count: 2)
        for field in fields(sdm) {
            bytes += SimulatedTag.littleEndian(sdm[keyPath: field] ?? 0, count: 3)
        }
        return bytes
    }

    /// The offsets the settings carry, in their order on the wire.
    private static func fields(_ sdm: SimulatedNTAG424.SDMSettings) -> [WritableKeyPath<SimulatedNTAG424.SDMSettings, Int?>] {
        var fields: [WritableKeyPath<SimulatedNTAG424.SDMSettings, Int?>] = []
        if sdm.mirrorsUID && sdm.metaRead == 0xE { fields.append(\.uidOffset) }
        if sdm.mirrorsCounter && sdm.metaRead == 0xE { fields.append(\.readCounterOffset) }
        if sdm.metaRead <= 4 { fields.append(\.piccDataOffset) }
        if sdm.fileRead != 0xF {
            fields.append(\.macInputOffset)
            if sdm.encryptsFileData { fields += [\.encOffset, \.encLength] }
            fields.append(\.macOffset)
        }
        if sdm.hasCounterLimit { fields.append(\.readCounterLimit) }
        return fields
    }

    /// The settings ChangeFileSettings' data (`FileOption AR(2) [SDM…]`) gives file `file` of
    /// `size` bytes: `7E` for a wrong length, `9D` for SDM on a file other than 02, `9E` for
    /// settings the data sheet refuses (§5.2's rules; overlapping mirrors are not checked).
    static func decoded(
        _ bytes: [UInt8], file: Int, size: Int, counter: Int
    ) -> Result<SimulatedNTAG424.FileSettings, NTAG424Failure> {
        guard bytes.count >= 3 else { return .failure(.length) }
        guard let mode = SimulatedNTAG424.CommMode(rawValue: bytes[0] & 0x03 == 0x02 ? 0 : bytes[0] & 0x03) else {
            return .failure(.parameter)
        }
        let rights = UInt16(SimulatedTag.littleEndianValue(bytes[1..<3]))
        guard bytes[0] & 0x40 != 0 else {
            return bytes.count == 3 ? .success(.init(commMode: mode, accessRights: rights)) : .failure(.length)
        }
        guard file == 2 else { return .failure(.permission) }
        guard bytes.count >= 6 else { return .failure(.length) }
        var sdm = SimulatedNTAG424.SDMSettings(options: bytes[3], accessRights: UInt16(SimulatedTag.littleEndianValue(bytes[4..<6])))
        let fields = fields(sdm)
        guard bytes.count == 6 + 3 * fields.count else { return .failure(.length) }
        for (index, field) in fields.enumerated() {
            sdm[keyPath: field] = SimulatedTag.littleEndianValue(bytes[(6 + 3 * index)..<(9 + 3 * index)])
        }
        guard valid(sdm, size: size, counter: counter) else { return .failure(.parameter) }
        return .success(.init(commMode: mode, accessRights: rights, sdm: sdm))
    }

    /// The data sheet's rules on SDM settings (reference §5.2).
    private static func valid(_ sdm: SimulatedNTAG424.SDMSettings, size: Int, counter: Int) -> Bool {
        guard sdm.options & 0x01 != 0 else { return false }
        if sdm.metaRead != 0xF && !sdm.mirrorsUID && !sdm.mirrorsCounter { return false }
        if sdm.metaRead == 0xF && sdm.mirrorsUID { return false }
        if sdm.counterRetrieval != 0xF && !sdm.mirrorsCounter { return false }
        if sdm.metaRead != 0xE && sdm.metaRead > 4 && sdm.metaRead != 0xF { return false }
        if sdm.fileRead > 4 && sdm.fileRead != 0xF { return false }
        if sdm.hasCounterLimit && (!sdm.mirrorsCounter || (sdm.readCounterLimit ?? 0) <= counter) { return false }
        func fits(_ offset: Int?, _ length: Int) -> Bool { offset.map { $0 <= size - length } ?? true }
        guard fits(sdm.uidOffset, 14), sdm.readCounterOffset == 0xFF_FFFF || fits(sdm.readCounterOffset, 6),
              fits(sdm.piccDataOffset, 32)
        else { return false }
        if sdm.encryptsFileData {
            guard sdm.fileRead != 0xF, sdm.mirrorsUID, sdm.mirrorsCounter, let offset = sdm.encOffset, let length = sdm.encLength,
                  length > 0, length % 32 == 0, fits(offset, length),
                  let macOffset = sdm.macOffset, macOffset >= offset + length, let input = sdm.macInputOffset, input <= offset
            else { return false }
        }
        if sdm.fileRead != 0xF {
            guard let input = sdm.macInputOffset, let macOffset = sdm.macOffset, input <= macOffset, fits(macOffset, 16) else { return false }
        }
        return true
    }
}

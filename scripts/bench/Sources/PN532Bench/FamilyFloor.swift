import PN532
import Type1

/// The fewest tag commands that read, or write and read back, an NDEF message of a given
/// length on a `FamilyCard`, from the card's own limits (MLe/MLc, Nbr/Nbw, FAST_READ's frame,
/// RALL/RSEG) and what one PN532 frame carries. No identification (GET_VERSION, RID) and no
/// tear-safe extra write counts: the floor knows the card.
enum FamilyFloor {
    /// SELECT of the NDEF application, the CC file and the NDEF file, and one READ BINARY of
    /// the 15-byte CC.
    static let type4Fixed = 4

    /// The read floor.
    ///
    /// - Parameters:
    ///   - answerLimit: the most data one answer of the exchange carries.
    ///   - image: the card's memory holding the message (Type 1 and 2).
    static func read(_ card: FamilyCard, messageLength: Int, answerLimit: Int, image: [UInt8]) throws -> Int {
        switch card {
        case .ntag216:
            return ceilDiv(type2Pages(messageLength), Floor.fastReadPageLimit)
        case .desfireNDEF, .ntag424:
            return type4Fixed + type4Reads(card, messageLength: messageLength, answerLimit: answerLimit)
        case .felica12FC, .felicaLiteS:
            return ceilDiv(1 + ceilDiv(messageLength, 16), card.cardLimits?.read ?? 1)
        case .topaz512, .topaz96:
            return try type1Reads(card, messageLength: messageLength, image: image)
        }
    }

    /// The write + verify floor: the writes the changed bytes need, then the read floor of what
    /// was written.
    ///
    /// - Parameters:
    ///   - commandLimit: the most data one command of the exchange carries.
    ///   - before: the card's memory before the write; `after`: after it (Type 1 and 2).
    static func writeVerify(
        _ card: FamilyCard, messageLength: Int, commandLimit: Int, answerLimit: Int, before: [UInt8], after: [UInt8]
    ) throws -> Int {
        switch card {
        case .ntag216:
            let pages = changedUnits(before, after, size: 4)
            guard let first = pages.first, let last = pages.last else { return 0 }
            return pages.count + ceilDiv(last - first + 1, Floor.fastReadPageLimit)
        case .desfireNDEF, .ntag424:
            let update = min(card.cardLimits?.write ?? 1, commandLimit - 5)
            return type4Fixed + ceilDiv(2 + messageLength, update) + type4Reads(card, messageLength: messageLength, answerLimit: answerLimit)
        case .felica12FC, .felicaLiteS:
            let blocks = 1 + ceilDiv(messageLength, 16)
            return ceilDiv(blocks, card.cardLimits?.write ?? 1) + ceilDiv(blocks, card.cardLimits?.read ?? 1)
        case .topaz512:
            return changedUnits(before, after, size: 8).count + (try type1Reads(card, messageLength: messageLength, image: after))
        case .topaz96:
            return changedUnits(before, after, size: 1).count + 1
        }
    }

    /// Pages from page 4 that hold the NDEF TLV's header and the message.
    private static func type2Pages(_ messageLength: Int) -> Int {
        ceilDiv((messageLength < 0xFF ? 2 : 4) + messageLength, 4)
    }

    /// READ BINARYs of NLEN and the message, min(MLe, the answer limit less the status word) each.
    private static func type4Reads(_ card: FamilyCard, messageLength: Int, answerLimit: Int) -> Int {
        ceilDiv(2 + messageLength, min(card.cardLimits?.read ?? 1, answerLimit - 2))
    }

    /// One RALL on static memory; on dynamic memory, up to the NDEF TLV's last byte (found
    /// from the layout of `image`), RSEG of segment 0 and 16 READ8 per later segment: a PN532's
    /// firmware passes RSEG of segment 0 only, and a later segment's 131-byte answer would
    /// overflow the CIU FIFO the driver reads READ8 from.
    private static func type1Reads(_ card: FamilyCard, messageLength: Int, image: [UInt8]) throws -> Int {
        guard card == .topaz512 else { return 1 }
        let layout = try Type1Layout(image: image, isStatic: false)
        let last = layout.ndefTLVIndex + (messageLength < 0xFF ? 2 : 4) + messageLength - 1
        guard layout.dataAddresses.indices.contains(last) else { throw BenchError("the message does not fit the Topaz 512's data area") }
        return 1 + layout.dataAddresses[last] / 128 * 16
    }

    /// The indices of the `size`-byte units that differ between two images of the same size.
    private static func changedUnits(_ old: [UInt8], _ new: [UInt8], size: Int) -> [Int] {
        guard old.count == new.count else { return [] }
        return (0..<old.count / size).filter { old[$0 * size..<$0 * size + size] != new[$0 * size..<$0 * size + size] }
    }

    private static func ceilDiv(_ value: Int, _ divisor: Int) -> Int {
        (value + max(1, divisor) - 1) / max(1, divisor)
    }
}

import NFCCore

/// An NFC Forum Type 3 Tag (a FeliCa card whose NDEF lives in services 000B and 0009),
/// spoken to over a tag exchange with Check (Read Without Encryption) and Update (Write
/// Without Encryption), no keys.
///
/// The reader sends each FeliCa frame as it is (length byte first) and hands back the card's
/// frame; every answer is checked (`FeliCaFrames`) before a byte of it is used.
public final class Type3Tag {
    /// The NDEF read service 000B (random, read-only, no key), as on the wire.
    public static let readService: [UInt8] = [0x0B, 0x00]
    /// The NDEF write service 0009 (random, read/write, no key), as on the wire.
    public static let writeService: [UInt8] = [0x09, 0x00]
    /// A Lite-S's MC (memory configuration) block.
    public static let memoryConfigurationBlock = 0x88
    /// The NDEF blocks of a Lite-S after its attribute block (S_PAD1–13).
    public static let liteSNDEFBlocks = 13
    /// The blocks a Lite-S reads per Check and writes per Update without MAC.
    static let liteSBlocksPerCheck = 4
    static let liteSBlocksPerUpdate = 1

    /// The exchange with the card.
    public let exchange: any TagExchange
    /// The card's IDm, which every command names.
    public let idm: [UInt8]
    /// Whether the card is a FeliCa Lite-S (PMm IC code F1, or F2: a FeliCa Link in Lite-S
    /// mode), whose MC block can make its memory read-only.
    public let isLiteS: Bool

    /// The tag spoken to through `exchange`, the card of `idm` and `pmm` (from its polling).
    public init(exchange: any TagExchange, idm: [UInt8], pmm: [UInt8]) {
        self.exchange = exchange
        self.idm = idm
        self.isLiteS = pmm.count > 1 && (pmm[1] == 0xF1 || pmm[1] == 0xF2)
    }

    /// The tag of the listed `target`.
    public convenience init(exchange: any TagExchange, target: NFCFTarget) {
        self.init(exchange: exchange, idm: target.idm, pmm: target.pmm)
    }

    /// The most blocks one Check may ask for: at most Nbr, what a `13 + 16·n`-byte answer
    /// allows over this exchange, and on a Lite-S the 4 it reads (an Nbr above is not trusted).
    func blocksPerCheck(_ attribute: Type3AttributeBlock) -> Int {
        let card = isLiteS ? Self.liteSBlocksPerCheck : attribute.blocksPerCheck
        return max(1, min(attribute.blocksPerCheck, card, (exchange.maximumAnswerLength - 13) / 16))
    }

    /// The most blocks one Update may carry: at most Nbw, what fits a command over this
    /// exchange, and on a Lite-S the 1 it writes without MAC.
    func blocksPerUpdate(_ attribute: Type3AttributeBlock, highestBlock: Int) -> Int {
        let element = highestBlock > 0xFF ? 3 : 2
        let card = isLiteS ? Self.liteSBlocksPerUpdate : attribute.blocksPerUpdate
        return max(1, min(attribute.blocksPerUpdate, card, (exchange.maximumCommandLength - 14) / (element + 16)))
    }

    /// Check: reads `blocks` of service 000B in one command.
    ///
    /// - Throws: `.exchange`, `.frame` for an answer that is not the command's (a count that
    ///   lies, a short block) or no block, `.status` for a refusal.
    public func check(_ blocks: [Int]) throws(Type3Error) -> [[UInt8]] {
        let step = "Check \(Self.describe(blocks))"
        let command: [UInt8]
        do throws(FeliCaFrameError) {
            command = try FeliCaFrames.readWithoutEncryption(idm: idm, serviceCodeList: [Self.readService], blockList: blocks.map(Self.element))
        } catch { throw .frame(error, step: step) }
        let packet = try send(command, step: step)
        let answer: (statusFlag1: Int, statusFlag2: Int, blockData: [[UInt8]])
        do throws(FeliCaFrameError) { answer = try FeliCaFrames.readAnswer(packet, idm: idm, count: blocks.count) } catch {
            throw .frame(error, step: step)
        }
        guard answer.statusFlag1 == 0, answer.statusFlag2 == 0 else {
            throw .status(flag1: answer.statusFlag1, flag2: answer.statusFlag2, step: step)
        }
        return answer.blockData
    }

    /// Update: writes `data` (16 bytes for each of `blocks`) to service 0009 in one command.
    ///
    /// - Throws: `.exchange`, `.frame` (an answer that is not the command's, data that is not
    ///   16 bytes for each block), `.status` for a refusal.
    public func update(_ blocks: [Int], data: [[UInt8]]) throws(Type3Error) {
        let step = "Update \(Self.describe(blocks))"
        let command: [UInt8]
        do throws(FeliCaFrameError) {
            command = try FeliCaFrames.writeWithoutEncryption(
                idm: idm, serviceCodeList: [Self.writeService], blockList: blocks.map(Self.element), blockData: data)
        } catch { throw .frame(error, step: step) }
        let packet = try send(command, step: step)
        let flags: (statusFlag1: Int, statusFlag2: Int)
        do throws(FeliCaFrameError) { flags = try FeliCaFrames.writeAnswer(packet, idm: idm) } catch { throw .frame(error, step: step) }
        guard flags.statusFlag1 == 0, flags.statusFlag2 == 0 else {
            throw .status(flag1: flags.statusFlag1, flag2: flags.statusFlag2, step: step)
        }
    }

    /// Sends `packet` in its frame and returns the answer's packet.
    private func send(_ packet: [UInt8], step: String) throws(Type3Error) -> [UInt8] {
        guard let frame = FeliCaResponse.frame(carrying: packet) else {
            throw .frame(FeliCaFrameError(.argument, "a FeliCa command packet has 1 … 254 bytes (it has \(packet.count))"), step: step)
        }
        let answer: [UInt8]
        do throws(TagExchangeError) { answer = try exchange.exchange(frame) } catch { throw .exchange(error, step: step) }
        guard let response = FeliCaResponse(frame: answer) else {
            throw .frame(FeliCaFrameError(.answer, "the answer's length byte does not count its \(answer.count) byte(s)"), step: step)
        }
        return response.packet
    }

    /// The block-list element of `block` in the first service: `80 bb`, or `00 bb bb` (LSB
    /// first) beyond block 255.
    static func element(_ block: Int) -> [UInt8] {
        block <= 0xFF
            ? [0x80, UInt8(truncatingIfNeeded: block)]
            : [0x00, UInt8(truncatingIfNeeded: block), UInt8(truncatingIfNeeded: block >> 8)]
    }

    /// "block 3" or "blocks 1–4".
    static func describe(_ blocks: [Int]) -> String {
        guard let first = blocks.first, let last = blocks.last else { return "no block" }
        return first == last ? "block \(first)" : "blocks \(first)–\(last)"
    }
}

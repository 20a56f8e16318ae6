import FuzzSupport
import NDEF
import NFCCore
import Type3

/// libFuzzer entry point for the Type 3 layer's decoders: the attribute information block and
/// the Check answers of `queryNDEFStatus` and `readNDEF`, answered by a card played from the
/// input.
///
/// Input: 16 bytes of an attribute block decoded on their own; then a byte choosing the card
/// (a Lite-S or not) and the link's answer limit; then the card's answers, each a run of up to
/// 255 bytes. Each answer of the form `n data…` with a first byte `7` is framed as a valid Check
/// answer around the data (so that reads get past the frame checks); any other is sent as it is.
/// Invariants: no trap; an attribute block that decodes has Nbr 1 … 15, Ln within Nmaxb × 16
/// and encodes to bytes that decode to it again; a read asks for at most 1 + Nmaxb
/// Checks; a read never succeeds when WriteFlag is 0F; a message read re-encodes to itself;
/// the dump's memory image (`readMemoryImage`, on the answers left) holds at most block 0 and
/// `dumpBlockLimit` blocks, 16 bytes each, and a block per Check answer's block.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzType3Tag(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let block = input.bytes(16)
    if let attribute = try? Type3AttributeBlock(decoding: block) {
        require((1...15).contains(attribute.blocksPerCheck), "Nbr \(attribute.blocksPerCheck) decoded")
        require(attribute.length <= attribute.capacity, "Ln \(attribute.length) beyond \(attribute.capacity)")
        require((try? Type3AttributeBlock(decoding: attribute.bytes)) == attribute, "\(attribute) does not re-encode")
    }
    let choice = input.byte()
    let pmm: [UInt8] = [0x00, choice & 1 == 0 ? 0xF1 : 0x01, 0, 0, 0, 0x01, 0x43, 0x00]
    let card = ScriptedCard(answers: input, answerLimit: 29 + Int(choice >> 1))
    let tag = Type3Tag(exchange: card, idm: ScriptedCard.idm, pmm: pmm)
    _ = try? tag.queryNDEFStatus()
    let first = card.commands.count
    let read = Result { () throws(Type3Error) in try tag.readNDEF(mode: .lenient) }
    let checks = card.commands.count - first
    if let attribute = card.firstBlocks[first].flatMap({ try? Type3AttributeBlock(decoding: $0) }) {
        require(checks <= 1 + attribute.maximumBlocks, "\(checks) Checks for Nmaxb \(attribute.maximumBlocks)")
        if attribute.writeInProgress, case .success = read { fatalError("a torn message was read") }
    }
    if case .success(let message) = read, message != .empty {
        require((try? NDEFMessage(decoding: message.encoded(), mode: .lenient)) == message, "\(message) does not re-encode")
    }
    if let image = try? tag.readMemoryImage() {
        require(image.file.count <= (1 + Type3Tag.dumpBlockLimit) * 16, "a dump of \(image.file.count) bytes")
        require(image.file.count % 16 == 0, "a dump of \(image.file.count) bytes is not whole blocks")
    }
    return 0
}

/// A card whose answers come from the fuzzer's input; silent once it is used up.
final class ScriptedCard: TagExchange {
    static let idm: [UInt8] = [0x01, 0x2E, 0x4C, 0x53, 0x00, 0x00, 0x00, 0x42]
    var answers: FuzzInput
    let maximumAnswerLength: Int
    var commands: [[UInt8]] = []
    /// The first block of each framed Check answer, by the index of its command: what the
    /// layer saw as the attribute block when that command read block 0.
    var firstBlocks: [Int: [UInt8]] = [:]

    init(answers: FuzzInput, answerLimit: Int) {
        self.answers = answers
        self.maximumAnswerLength = answerLimit
    }

    var maximumCommandLength: Int { 252 }

    func exchange(_ command: [UInt8], answer: TagAnswer) throws(TagExchangeError) -> [UInt8] {
        commands.append(command)
        guard !answers.isAtEnd else { throw .noAnswer }
        let bytes = answers.run(limit: 255)
        guard bytes.first == 7 else { return bytes }
        let data = Array(bytes.dropFirst())
        let count = data.count / 16
        let packet = [0x07] + Self.idm + [0x00, 0x00, UInt8(count)] + data.prefix(count * 16)
        if count > 0 { firstBlocks[commands.count - 1] = Array(data.prefix(16)) }
        return [UInt8(truncatingIfNeeded: packet.count + 1)] + packet
    }

    func reselect() throws(TagExchangeError) {}
}

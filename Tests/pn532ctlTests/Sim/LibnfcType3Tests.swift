import Basics
import Foundation
import NDEF
import NFCCore
import PN532
import Testing
import Type3

/// libnfc's nfc-read-forum-tag3 reads what the Type 3 layer wrote on the simulator's FeliCa
/// cards, served by `pn532ctl sim` on a pty: the layer writes through a PN532 session on the
/// pty, closes it, and libnfc opens the same pty.
///
/// nfc-read-forum-tag3 (libnfc 1.8) reads only the first Check of Nbr blocks: its loop counts
/// Checks in its condition but blocks in its step (`b < (count - 1) / Nbr + 1; b += Nbr`), so
/// the rest of a longer message is whatever its buffer held. The messages here fit one Check:
/// 4 blocks on the Lite-S, 12 on the 12FC card.
@Suite("libnfc reads the Type 3 layer's writes", .enabled(if: LibnfcTools.shouldRun))
struct LibnfcType3Tests {
    /// 60 bytes: 4 blocks.
    static let short = NDEFMessage(records: [.uri("https://example.com/written-by-type3/" + String(repeating: "s", count: 18))])
    /// 110 bytes: 7 blocks.
    static let long = NDEFMessage(records: [.uri("https://example.com/written-by-type3"), .uri("https://example.org/" + String(repeating: "t", count: 60))])

    @Test(arguments: [("felica-lite-s", short), ("felica-12fc", long)])
    func nfcReadForumTag3ReadsWhatType3Wrote(_ card: String, _ message: NDEFMessage) throws {
        #expect(message.length > 16 * (card == "felica-lite-s" ? 3 : 6))
        let simulator = try SimulatorProcess(["--tag", card])
        try Self.write(message, onThePN532At: simulator.path)
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("message.ndef")
        let result = try LibnfcTools.run("nfc-read-forum-tag3", ["-o", file.path], device: simulator.path)
        #expect(result.output.contains("* Checksum: ok"))
        let read = [UInt8](try Data(contentsOf: file))
        #expect(read == message.encoded(), "\(result.output) \(hexText(read))")
    }

    /// Writes `message` on the FeliCa card of the PN532 at `path`, then closes the port.
    static func write(_ message: NDEFMessage, onThePN532At path: String) throws {
        let (session, _) = try PN532Session.openUART(path: path)
        defer { (session.link as? UARTLink)?.close() }
        try session.setPassiveActivationRetries(0x01)
        let target = try #require(try session.listTargets(.felica212, maxTargets: 1).first)
        guard case let .nfcF(felica) = target.info else {
            Issue.record("the listed target is not a FeliCa card: \(target.info)")
            return
        }
        try Type3Tag(exchange: TargetExchange(session: session, target: target), target: felica).writeNDEFMessage(message)
    }
}

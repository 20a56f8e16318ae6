import TestSupport
import PN532Simulator

/// A factory-fresh tag, already selected.
func activeTag(_ product: TagProduct, uid: [UInt8]? = nil) -> SimulatedTag {
    var tag = SimulatedTag(product: product, uid: uid)
    tag.activate()
    return tag
}

/// WRITE `A2 pp 00 00 00 00`.
func zeroWrite(page: Int) -> [UInt8] {
    [0xA2, UInt8(page), 0, 0, 0, 0]
}

extension SimulatedTag {
    /// Sends a command written in hex.
    mutating func send(_ command: String) -> TagResponse {
        respond(to: hex(command))
    }

    /// Sends a command, re-selecting the tag first (a NAK leaves it idle).
    mutating func sendAfterSelect(_ command: String) -> TagResponse {
        activate()
        return send(command)
    }

    /// The bytes stored at `page`.
    func storedPage(_ page: Int) -> [UInt8] {
        Array(memory[page * 4..<page * 4 + 4])
    }
}

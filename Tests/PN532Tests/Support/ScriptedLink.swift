import Basics
import NFCCore
import PN532

/// A link that answers each write with the next scripted bytes, for replies the simulator
/// never sends. Reads return what the last write brought, then nothing until the deadline.
final class ScriptedLink: ByteLink {
    let name = "scripted"
    let kind = LinkKind.uart
    let bitsPerSecond: Int? = nil
    private(set) var now = MonotonicTime(nanoseconds: 0)
    private var replies: [[UInt8]]
    private var pending: [UInt8] = []

    /// A link whose n-th write is answered by `replies[n]`; later writes get nothing.
    init(replies: [[UInt8]]) {
        self.replies = replies
    }

    func write(_ bytes: [UInt8]) throws(LinkError) {
        if !replies.isEmpty { pending += replies.removeFirst() }
    }

    func read(until deadline: MonotonicTime) throws(LinkError) -> [UInt8] {
        guard !pending.isEmpty else {
            now = max(now, deadline)
            return []
        }
        defer { pending = [] }
        return pending
    }

    func discardInput() throws(LinkError) {
        pending = []
    }

    func setBitsPerSecond(_ rate: Int) throws(LinkError) {}
}

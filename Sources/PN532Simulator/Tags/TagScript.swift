/// A tag emulator's liberties (a Proxmark or a Chameleon answers every command with whatever
/// bytes it likes): a GET_VERSION answer of any bytes, and a fault for each command in turn.
///
/// Set it as ``SimulatedTag/script``. The tag computes its own answer first; the script then
/// replaces or damages it. Faults apply to the commands the active tag receives, in order, one
/// each; past the last fault the tag answers normally. A NAK or silence sends the tag back to
/// idle, as its own would.
public struct TagScript: Equatable, Sendable {
    /// The GET_VERSION answer instead of the product's; `nil` keeps the product's (none for
    /// plain Ultralight), an empty array makes the tag silent.
    public var version: [UInt8]?
    /// What happens to the answers of the next commands, first one first.
    public var faults: [TagFault]
    /// How many commands the script has seen.
    public private(set) var commandCount = 0
    /// Every data byte the tag answered, in order: what a reader can have learned from it.
    /// It grows with each answer; a script is for tests and fuzzing, not for long runs.
    public private(set) var sent: [UInt8] = []

    /// A script; nothing changes until something is set.
    public init(version: [UInt8]? = nil, faults: [TagFault] = []) {
        self.version = version
        self.faults = faults
    }

    /// The answer the tag gives to `command` instead of `response`, its own.
    mutating func answer(_ command: [UInt8], _ response: TagResponse) -> TagResponse {
        var scripted = response
        if command == [TagCommandCode.getVersion], let version {
            scripted = version.isEmpty ? .silent : .data(version)
        }
        let fault = commandCount < faults.count ? faults[commandCount] : .none
        commandCount += 1
        let answer = fault.applied(to: scripted)
        if case .data(let bytes) = answer.kind { sent += bytes }
        return answer
    }
}

/// What a scripted tag does to its answer to one command.
public enum TagFault: Equatable, Sendable {
    /// The answer as it is.
    case none
    /// A 4-bit NAK with this value (the low 4 bits) instead of the answer.
    case nak(UInt8)
    /// No answer: the reader times out.
    case silent
    /// Only the first `count` bytes of a data answer (an ACK or NAK is kept as it is).
    case truncated(count: Int)
    /// A data answer with `mask` XORed into the byte at `offset` (modulo its length).
    case garbled(offset: Int, mask: UInt8)
    /// A data answer with `bytes` after it; an ACK becomes these bytes.
    case extended([UInt8])

    /// `response` with this fault applied.
    func applied(to response: TagResponse) -> TagResponse {
        switch (self, response.kind) {
        case (.none, _):
            return response
        case (.nak(let value), _):
            return TagResponse(kind: .nak(value & 0x0F), pagesWritten: response.pagesWritten)
        case (.silent, _):
            return TagResponse(kind: .silent, pagesWritten: response.pagesWritten)
        case (.truncated(let count), .data(let bytes)):
            return TagResponse(kind: .data(Array(bytes.prefix(max(0, count)))), pagesWritten: response.pagesWritten)
        case (.garbled(let offset, let mask), .data(var bytes)) where !bytes.isEmpty:
            let index = Int(offset.magnitude % UInt(bytes.count))
            bytes[index] ^= mask
            return TagResponse(kind: .data(bytes), pagesWritten: response.pagesWritten)
        case (.extended(let extra), .data(let bytes)):
            return TagResponse(kind: .data(bytes + extra), pagesWritten: response.pagesWritten)
        case (.extended(let extra), .ack):
            return TagResponse(kind: .data(extra), pagesWritten: response.pagesWritten)
        case (.truncated, _), (.garbled, _), (.extended, _):
            return response
        }
    }
}

extension SimulatedTag {
    /// The answer after the ``script``, if there is one.
    mutating func scripted(_ command: [UInt8], _ response: TagResponse) -> TagResponse {
        guard var script else { return response }
        let answer = script.answer(command, response)
        self.script = script
        return answer
    }
}

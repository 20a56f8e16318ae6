/// Reads a fuzzer's input as a stream of choices: bytes, small numbers and byte runs, with
/// zeros once the input is used up, so every input is a valid scenario.
public struct FuzzInput {
    private let data: [UInt8]
    private var position = 0

    /// The input of one run.
    public init(_ data: UnsafePointer<UInt8>, _ size: Int) {
        self.data = Array(UnsafeBufferPointer(start: data, count: size))
    }

    /// An input from bytes.
    public init(_ bytes: [UInt8]) {
        data = bytes
    }

    /// True when every byte has been taken.
    public var isAtEnd: Bool { position >= data.count }

    /// The next byte, 0 past the end.
    public mutating func byte() -> UInt8 {
        guard position < data.count else { return 0 }
        defer { position += 1 }
        return data[position]
    }

    /// A number in `0..<count` from the next byte (`count` from 1 to 256).
    public mutating func choice(_ count: Int) -> Int {
        Int(byte()) % max(1, count)
    }

    /// The next `count` bytes, fewer at the end.
    public mutating func bytes(_ count: Int) -> [UInt8] {
        let end = min(data.count, position + max(0, count))
        defer { position = end }
        return Array(data[min(position, end)..<end])
    }

    /// A run of bytes whose length, up to `limit`, is given by the next byte.
    public mutating func run(limit: Int) -> [UInt8] {
        bytes(choice(limit + 1))
    }

    /// Every byte not taken yet.
    public mutating func rest() -> [UInt8] {
        bytes(data.count - position)
    }
}

/// Stops the fuzzer with `message` when an invariant does not hold: libFuzzer keeps the input.
/// (`fatalError`, because an optimised build drops the message of a failed precondition.)
public func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError(message()) }
}

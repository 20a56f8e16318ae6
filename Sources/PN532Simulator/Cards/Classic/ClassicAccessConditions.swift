/// The access conditions of one MIFARE Classic sector, from bytes 6–8 of its trailer
/// (MF1S50 datasheet §8.7): three bits C1 C2 C3 for each of the four groups (three data
/// groups, then the trailer), stored once plain and once inverted.
struct ClassicAccessConditions: Equatable {
    /// C1 C2 C3 of each group as a number 0–7 (C1 the high bit).
    let conditions: [UInt8]

    /// Decodes the access bytes; nil when the inverted copy disagrees (the sector is then
    /// unusable, as on a real card).
    init?(_ access: [UInt8]) {
        guard access.count >= 3 else { return nil }
        let c1 = access[1] >> 4
        let c2 = access[2] & 0x0F
        let c3 = access[2] >> 4
        guard ~access[0] & 0x0F == c1, (~access[0] >> 4) & 0x0F == c2, ~access[1] & 0x0F == c3 else { return nil }
        conditions = (0..<4).map { group in
            (c1 >> group & 1) << 2 | (c2 >> group & 1) << 1 | (c3 >> group & 1)
        }
    }

    /// Who may do an operation: nobody, key A, key B, or either.
    enum Keys {
        case never, keyA, keyB, either

        func admit(keyB: Bool) -> Bool {
            switch self {
            case .never: false
            case .keyA: !keyB
            case .keyB: keyB
            case .either: true
            }
        }
    }

    /// The trailer's condition.
    private var trailer: UInt8 { conditions[3] }

    /// Whether key B can be read: then it cannot serve for authentication, and the card
    /// refuses every access after an authentication with it.
    var keyBReadable: Bool { [0b000, 0b010, 0b001].contains(trailer) }

    /// Who may read a data block of `group`.
    func dataRead(group: Int) -> Keys {
        switch conditions[group] {
        case 0b011, 0b101: .keyB
        case 0b111: .never
        default: .either
        }
    }

    /// Who may write a data block of `group`.
    func dataWrite(group: Int) -> Keys {
        switch conditions[group] {
        case 0b000: .either
        case 0b100, 0b110, 0b011: .keyB
        default: .never
        }
    }

    /// Who may read the access bits (bytes 6–9 of the trailer).
    var accessBitsRead: Keys { [0b000, 0b010, 0b001].contains(trailer) ? .keyA : .either }

    /// Who may write the access bits.
    var accessBitsWrite: Keys {
        switch trailer {
        case 0b001: .keyA
        case 0b011, 0b101: .keyB
        default: .never
        }
    }

    /// Who may write key A (key A can never be read).
    var keyAWrite: Keys {
        switch trailer {
        case 0b000, 0b001: .keyA
        case 0b100, 0b011: .keyB
        default: .never
        }
    }

    /// Who may read key B.
    var keyBRead: Keys { keyBReadable ? .keyA : .never }

    /// Who may write key B.
    var keyBWrite: Keys { keyAWrite }
}

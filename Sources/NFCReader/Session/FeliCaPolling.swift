/// What a FeliCa polling asks the card to add to its answer, as Core NFC's
/// `PollingRequestCode` (same raw values).
public enum PollingRequestCode: Int, Hashable, Sendable {
    /// Nothing more.
    case noRequest = 0
    /// The card's system code.
    case systemCode = 1
    /// The communication performance (the speeds the card supports).
    case communicationPerformance = 2
}

/// How many time slots a FeliCa polling offers the cards in the field, as Core NFC's
/// `PollingTimeSlot` (same raw values: the slot count less one).
public enum PollingTimeSlot: Int, Hashable, Sendable {
    /// One slot.
    case max1 = 0
    /// Two slots.
    case max2 = 1
    /// Four slots.
    case max4 = 3
    /// Eight slots.
    case max8 = 7
    /// Sixteen slots.
    case max16 = 15
}

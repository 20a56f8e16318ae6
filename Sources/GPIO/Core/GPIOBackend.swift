/// A way to reach the GPIO lines: sysfs or the character device.
public protocol GPIOBackend {
    /// The chips and their lines.
    func chips() throws(GPIOError) -> [GPIOChipDescription]
    /// Requests a line; `chip` (a chip name or label) picks the chip when several could hold it.
    func request(_ request: GPIOLineRequest, chip: String?) throws(GPIOError) -> GPIOLine
}

/// A GPIO chip as `gpio list` shows it.
public struct GPIOChipDescription: Equatable, Sendable {
    /// The kernel's name (`gpiochip0`, or `gpiochip512` in sysfs).
    public var name: String
    /// The driver's label (`pinctrl-bcm2711`).
    public var label: String
    /// The sysfs number of offset 0, when the backend numbers lines that way.
    public var base: Int?
    /// The lines.
    public var lines: [GPIOLineDescription]

    /// A chip description.
    public init(name: String, label: String, base: Int?, lines: [GPIOLineDescription]) {
        self.name = name
        self.label = label
        self.base = base
        self.lines = lines
    }
}

/// One line of a chip.
public struct GPIOLineDescription: Equatable, Sendable {
    /// The offset on the chip.
    public var offset: Int
    /// The line's name (the board's name such as `GPIO17`; may be empty on the character device).
    public var name: String
    /// Whether someone holds the line (exported in sysfs, requested on the character device).
    public var used: Bool
    /// Who holds it, when known.
    public var consumer: String
    /// "in" or "out" when known.
    public var direction: String?

    /// A line description.
    public init(offset: Int, name: String, used: Bool, consumer: String = "", direction: String? = nil) {
        self.offset = offset
        self.name = name
        self.used = used
        self.consumer = consumer
        self.direction = direction
    }
}

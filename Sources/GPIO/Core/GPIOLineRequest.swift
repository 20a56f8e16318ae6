/// How a line is to be used: its name, direction and how "on" maps to a level.
public struct GPIOLineRequest: Sendable {
    /// Input bias (pull resistor); only the character device can set it.
    public enum Bias: String, Sendable, CaseIterable {
        /// Leave the bias as it is.
        case asIs = "as-is"
        /// Pull-up enabled.
        case pullUp = "pull-up"
        /// Pull-down enabled.
        case pullDown = "pull-down"
        /// Bias disabled.
        case disabled
    }

    /// Output with its initial state, input with bias and debounce, or left as it is.
    public enum Direction: Sendable {
        /// Keep the line's direction and level; only read it (so reading a relay's output
        /// does not turn it into an input and drop the relay).
        case asIs
        /// An output, driven to `initiallyOn` as it is requested.
        case output(initiallyOn: Bool)
        /// An input watched for edges with `debounce`.
        case input(bias: Bias, debounce: Duration)
    }

    /// The line's board name.
    public var line: GPIOLineName
    /// Output or input.
    public var direction: Direction
    /// True when "on" is the low level (active-low relay boards, buttons to ground).
    public var activeLow: Bool
    /// Who holds the line, as other tools show it (character device only).
    public var consumer: String

    /// A request for `line`.
    public init(line: GPIOLineName, direction: Direction, activeLow: Bool = false, consumer: String = "pn532ctl") {
        self.line = line
        self.direction = direction
        self.activeLow = activeLow
        self.consumer = consumer
    }
}

/// How a simulated link's clock moves.
public enum SimulatorClock: Sendable, Equatable {
    /// Virtual time: a wait jumps to the next thing the chip does or to its deadline, so a
    /// test of a 10-second scenario runs in milliseconds and the same inputs give the same
    /// timeline every time.
    case virtual
    /// Virtual time that starts at the monotonic clock and never runs ahead of it: a wait
    /// sleeps until real time has caught up, as a wait on a real reader does. A program waiting
    /// for a tag on it sleeps instead of running through virtual time at full speed (the
    /// `sim` device a person runs).
    case realTime
}

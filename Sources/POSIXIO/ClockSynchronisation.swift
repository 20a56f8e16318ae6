import CLinux

/// Whether the kernel holds the wall clock as synchronised (adjtimex(2): NTP or another
/// discipline set it, `STA_UNSYNC` is clear and the state is not `TIME_ERROR`).
public enum ClockSynchronisation {
    /// True when the kernel says the clock is synchronised; false when it says it is not or
    /// cannot be asked (a check that cannot be made counts as failed).
    public static func isSynchronised() -> Bool {
        clinux_clock_synchronised() == 1
    }
}

import PN532

/// A pn532ctl invocation timed against the pty simulator, and the command sequence it sends,
/// which the in-process model replays to give its modelled time.
enum CLIRun: CaseIterable {
    /// `pn532ctl info --device PATH` (115200).
    case info
    /// `pn532ctl scan --device PATH` (115200).
    case scan115200
    /// `pn532ctl scan --device uart:PATH:921600`.
    case scan921600

    /// The command line after `pn532ctl`, for the device at `path`.
    func arguments(device path: String) -> [String] {
        switch self {
        case .info: ["info", "--device", path]
        case .scan115200: ["scan", "--device", path]
        case .scan921600: ["scan", "--device", "uart:\(path):921600"]
        }
    }

    /// The row label, with the device shown as PATH.
    var label: String {
        "`pn532ctl " + arguments(device: "PATH").joined(separator: " ") + "`"
    }

    /// The operation the run carries out and its rate, as Part A measures it alone.
    var measured: (operation: InProcessBench.Operation, bitsPerSecond: Int) {
        switch self {
        case .info: (.info, 115_200)
        case .scan115200: (.scan, 115_200)
        case .scan921600: (.scan, 921_600)
        }
    }

    /// Everything the run sends: open (start at 115200, raise the rate when asked), the
    /// operation, close (back to 115200, field off).
    func sequence(_ session: PN532Session) throws(PN532Error) {
        try Operations.info(session)
        switch self {
        case .info:
            break
        case .scan115200:
            _ = try Operations.scan(session)
        case .scan921600:
            try Operations.raiseRate(session)
            _ = try Operations.scan(session)
        }
        try session.finish()
    }
}

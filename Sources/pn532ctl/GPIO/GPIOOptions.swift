import ArgumentParser
import GPIO

/// The options every `gpio` subcommand has: which backend, which chip.
struct GPIOOptions: ParsableArguments {
    /// The kernel interface to use.
    enum Backend: String, ExpressibleByArgument, CaseIterable {
        case sysfs, cdev
        /// The simulated lines of the door demo (files in --sim-directory).
        case sim
    }

    @Option(help: ArgumentHelp("The kernel interface: cdev (/dev/gpiochipN, kernel 5.10+) or sysfs (legacy /sys/class/gpio); sim: the simulated lines of the door demo, files in --sim-directory.", valueName: "BACKEND"))
    var backend: Backend = .cdev

    @Option(help: ArgumentHelp("The chip holding the line, by name or label (default: the SoC's pin controller or the only chip).", valueName: "CHIP"))
    var chip: String?

    @Option(help: ArgumentHelp("The sysfs GPIO directory, for testing against a copy of the tree.", valueName: "PATH"), completion: .directory)
    var sysfsRoot = "/sys/class/gpio"

    @Option(help: ArgumentHelp("The simulated lines' directory (--backend sim), as gpio.sim_directory in door.toml.", valueName: "DIR"), completion: .directory)
    var simDirectory = SimulatedGPIO.defaultDirectory

    /// How to pick the other backend when this one's interface is missing; nil for the
    /// simulated lines, which no other backend replaces.
    var otherBackend: String? {
        switch backend {
        case .cdev: "try --backend sysfs"
        case .sysfs: "try --backend cdev"
        case .sim: nil
        }
    }

    /// The chosen backend, on `clock`.
    func makeBackend(clock: GPIOClock) -> GPIOBackend {
        switch backend {
        case .sysfs: SysfsGPIO(root: sysfsRoot, clock: clock)
        case .cdev: CharacterDeviceGPIO(clock: clock)
        case .sim: SimulatedGPIO(directory: simDirectory, clock: clock)
        }
    }
}

/// The line argument and its active level.
struct GPIOLineOptions: ParsableArguments {
    @Argument(help: ArgumentHelp("The line as the board names it, such as GPIO17.", valueName: "LINE"))
    var line: String

    @Flag(help: "The line is active (on) when low: active-low relay boards, buttons to ground.")
    var activeLow = false

    /// The parsed line name.
    func name() throws -> GPIOLineName {
        do {
            return try GPIOLineName(line)
        } catch {
            throw CLIError(gpio: error)
        }
    }
}

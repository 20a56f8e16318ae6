import GPIO
import NFCCore
/// Everything `door.toml` says, validated: what `door run` works from and `door check-config`
/// prints.
public struct DoorConfig: Equatable, Sendable {
    /// The board profile the defaults came from (`board = "rpi4-uart"`), if any.
    public var board: String?
    /// `[fleet]`: the signed snapshot the users came from, verified; nil when door.toml
    /// lists them itself.
    public var fleet: FleetConfig?
    /// The PN532.
    public var reader: ReaderConfig
    /// How GPIO lines are reached.
    public var gpio: GPIOConfig
    /// The lock's relay.
    public var relay: RelayConfig
    /// Request-to-exit button, door contact, doorbell.
    public var inputs: InputsConfig
    /// LED and buzzer.
    public var feedback: FeedbackConfig
    /// Keys, counters, originality, lockout.
    public var security: SecurityConfig
    /// The decision log.
    public var audit: AuditConfig
    /// Who may open the door, in file order.
    public var users: [User]
    /// `[credentials.ntag424]`: the keys `ntag424` credentials are challenged with; nil when
    /// the door has none.
    public var ntag424: KeyedCardConfig?
    /// `[credentials.desfire]`: the application and keys `desfire` credentials are challenged
    /// with; nil when the door has none.
    public var desfire: KeyedCardConfig?
    /// `[credentials.ultralight_aes]`: the key `ultralight_aes` credentials are challenged with;
    /// nil when the door has none.
    public var ultralightAES: KeyedCardConfig?
    /// Where decided presentations are sent for the hook runner.
    public var hooks: HooksConfig
    /// Where each key stands in the file the configuration was loaded from (not compared).
    public var keyLines = ConfigKeyLines(nil)

    /// A configuration from its parts.
    public init(
        board: String? = nil, reader: ReaderConfig, gpio: GPIOConfig = GPIOConfig(), relay: RelayConfig,
        inputs: InputsConfig = InputsConfig(), feedback: FeedbackConfig = FeedbackConfig(),
        security: SecurityConfig = SecurityConfig(), audit: AuditConfig = AuditConfig(),
        users: [User] = [], hooks: HooksConfig = HooksConfig()
    ) {
        self.board = board
        self.reader = reader
        self.gpio = gpio
        self.relay = relay
        self.inputs = inputs
        self.feedback = feedback
        self.security = security
        self.audit = audit
        self.users = users
        self.hooks = hooks
    }
}

/// `[reader]`: the PN532 and its optional IRQ and reset lines.
public struct ReaderConfig: Equatable, Sendable {
    /// A device string as `--device` takes it (`/dev/serial0`, `uart:/dev/ttyAMA0:921600`,
    /// `i2c:/dev/i2c-1`, `sim`).
    public var device: String
    /// The UART rate to switch to after start-up (115200 when nil).
    public var baud: Int?
    /// The GPIO line wired to the PN532's IRQ (I2C only).
    public var irqLine: String?
    /// The GPIO line wired to RSTPD_N, pulsed low to reset a hung chip.
    public var resetLine: String?
    /// How often the reader's health is checked.
    public var healthCheckInterval: Duration
    /// Poll FeliCa, type B and Jewel between the waits for a type A tag; false: type A only.
    public var pollsOtherFamilies: Bool
    /// How long a tag may rest on the reader before it is audited as resting and set aside.
    public var restingAfter: Duration

    /// A reader section.
    public init(
        device: String, baud: Int? = nil, irqLine: String? = nil, resetLine: String? = nil,
        healthCheckInterval: Duration = .seconds(5), pollsOtherFamilies: Bool = true, restingAfter: Duration = .seconds(5)
    ) {
        self.device = device
        self.baud = baud
        self.irqLine = irqLine
        self.resetLine = resetLine
        self.healthCheckInterval = healthCheckInterval
        self.pollsOtherFamilies = pollsOtherFamilies
        self.restingAfter = restingAfter
    }
}

/// `[gpio]`: the backend and, for sysfs, its root (a test tree in tests).
public struct GPIOConfig: Equatable, Sendable {
    /// The character device (`/dev/gpiochipN`) or legacy sysfs.
    public enum Backend: String, Equatable, Sendable, CaseIterable {
        /// GPIO character device uAPI v2.
        case characterDevice = "cdev"
        /// `/sys/class/gpio`.
        case sysfs
        /// No hardware: lines are files in `simDirectory` (`SimulatedGPIO`), for trying the
        /// door on a laptop.
        case simulated = "sim"
    }

    /// Where the simulated backend keeps its lines unless `sim_directory` says otherwise.
    public static let defaultSimDirectory = SimulatedGPIO.defaultDirectory

    /// Which interface drives the lines.
    public var backend: Backend
    /// The chip name or label holding the lines, when several could.
    public var chip: String?
    /// The sysfs root (`/sys/class/gpio`).
    public var sysfsRoot: String
    /// The simulated backend's directory of line files.
    public var simDirectory: String

    /// A GPIO section.
    public init(backend: Backend = .characterDevice, chip: String? = nil, sysfsRoot: String = "/sys/class/gpio", simDirectory: String = GPIOConfig.defaultSimDirectory) {
        self.backend = backend
        self.chip = chip
        self.sysfsRoot = sysfsRoot
        self.simDirectory = simDirectory
    }

    /// True when the lines are simulated: nothing is wired.
    public var isSimulated: Bool { backend == .simulated }
}

/// One GPIO line and how "on" maps to a level.
public struct LineConfig: Equatable, Sendable {
    /// The board's name of the line (`GPIO17`).
    public var line: String
    /// True when "on" is the low level.
    public var activeLow: Bool

    /// A line.
    public init(line: String, activeLow: Bool = false) {
        self.line = line
        self.activeLow = activeLow
    }
}

/// `[relay]`: the lock's relay. "On" is energised, which unlocks a fail-secure strike.
public struct RelayConfig: Equatable, Sendable {
    /// What a grant does to the relay.
    public enum Mode: Equatable, Sendable {
        /// Energise for this long (relocking early when the door closes).
        case pulse(Duration)
        /// Each grant flips the relay (latching doors).
        case toggle
    }

    /// The relay's line.
    public var output: LineConfig
    /// Pulse or toggle.
    public var mode: Mode

    /// A relay section; pulses last 3 s unless told otherwise.
    public init(output: LineConfig, mode: Mode = .pulse(.seconds(3))) {
        self.output = output
        self.mode = mode
    }
}

/// `[inputs]`: request-to-exit button, door contact, doorbell.
public struct InputsConfig: Equatable, Sendable {
    /// Pressing it opens the door like a grant (on = pressed).
    public var exitButton: LineConfig?
    /// On = door open.
    public var doorContact: LineConfig?
    /// Relocks as soon as the door closes after opening.
    public var relockOnClose: Bool
    /// Raises the held-open alarm when the door stays open this long.
    public var heldOpenAlarm: Duration?
    /// On = ringing; logged.
    public var doorbell: LineConfig?
    /// How long an input must hold a new level to count.
    public var debounce: Duration

    /// An inputs section.
    public init(
        exitButton: LineConfig? = nil, doorContact: LineConfig? = nil, relockOnClose: Bool = true,
        heldOpenAlarm: Duration? = nil, doorbell: LineConfig? = nil, debounce: Duration = .milliseconds(30)
    ) {
        self.exitButton = exitButton
        self.doorContact = doorContact
        self.relockOnClose = relockOnClose
        self.heldOpenAlarm = heldOpenAlarm
        self.doorbell = doorbell
        self.debounce = debounce
    }
}

/// A blink or beep pattern: on for `steps[0]`, off for `steps[1]`, on for `steps[2]`…
public struct FeedbackPattern: Equatable, Sendable {
    /// Alternating on and off durations, starting with on.
    public var steps: [Duration]

    /// A pattern from its steps.
    public init(_ steps: [Duration]) {
        self.steps = steps
    }
}

/// `[feedback]`: LED and buzzer lines and their patterns for granted and denied.
public struct FeedbackConfig: Equatable, Sendable {
    /// The LED, if any.
    public var led: LineConfig?
    /// The buzzer, if any.
    public var buzzer: LineConfig?
    /// LED pattern on a grant.
    public var ledGranted: FeedbackPattern
    /// LED pattern on a denial.
    public var ledDenied: FeedbackPattern
    /// Buzzer pattern on a grant.
    public var buzzerGranted: FeedbackPattern
    /// Buzzer pattern on a denial.
    public var buzzerDenied: FeedbackPattern

    /// A feedback section: by default one long LED blink and a short beep on a grant, three
    /// short ones on a denial.
    public init(
        led: LineConfig? = nil, buzzer: LineConfig? = nil,
        ledGranted: FeedbackPattern = FeedbackPattern([.seconds(1)]),
        ledDenied: FeedbackPattern = FeedbackPattern([.milliseconds(150), .milliseconds(100), .milliseconds(150), .milliseconds(100), .milliseconds(150)]),
        buzzerGranted: FeedbackPattern = FeedbackPattern([.milliseconds(100)]),
        buzzerDenied: FeedbackPattern = FeedbackPattern([.milliseconds(150), .milliseconds(100), .milliseconds(150), .milliseconds(100), .milliseconds(150)])
    ) {
        self.led = led
        self.buzzer = buzzer
        self.ledGranted = ledGranted
        self.ledDenied = ledDenied
        self.buzzerGranted = buzzerGranted
        self.buzzerDenied = buzzerDenied
    }
}

/// N denials of one tag within a window lock that tag out for a while; N' denials of any tags
/// within the window lock every tag out (a global rate limit).
public struct LockoutPolicy: Equatable, Sendable {
    /// Denials of one tag (its UID) that lock it out.
    public var denials: Int
    /// The window they must fall in.
    public var window: Duration
    /// How long presentations are ignored (denied without being evaluated).
    public var duration: Duration
    /// Denials of any tags within the window that lock every tag out.
    public var globalDenials: Int

    /// A lockout policy.
    public init(denials: Int, window: Duration, duration: Duration, globalDenials: Int = 20) {
        self.denials = denials
        self.window = window
        self.duration = duration
        self.globalDenials = globalDenials
    }
}

/// `[security]`.
public struct SecurityConfig: Equatable, Sendable {
    /// Which public key originality signatures are checked against.
    public enum OriginalityKeyChoice: String, Equatable, Sendable, CaseIterable {
        /// NXP's NTAG21x key (real tags).
        case nxp
        /// The project's test key (the simulator's tags).
        case test
    }

    /// The HMAC key for signed tokens (and nothing else); must be mode 600 or stricter.
    public var keyFile: String?
    /// The key id of `keyFile`: v2 tokens signed under another key id are refused.
    public var keyID: UInt8
    /// The site v2 tokens must name.
    public var site: String
    /// This door's name, for logs.
    public var door: String?
    /// The door groups this door belongs to: a v2 token opens it when it names one of them
    /// (or no group at all).
    public var groups: [String]
    /// Accepts version 1 tokens (no site, key id or expiry under their MAC).
    public var acceptV1Tokens: Bool
    /// Tags whose tokens are refused (lost or stolen), by UID.
    public var revokedUIDs: [[UInt8]]
    /// Denies users with validity dates or a schedule while the system clock is not
    /// synchronised (adjtimex).
    public var requireSynchronisedClock: Bool
    /// Rewrites a token's counter on each grant and accepts only the last confirmed one.
    public var rollingCounter: Bool
    /// Where the counters are kept.
    public var counterFile: String
    /// Denies tags whose originality signature does not verify.
    public var requireGenuine: Bool
    /// The key for `requireGenuine`.
    public var originalityKey: OriginalityKeyChoice
    /// Lockout after repeated denials; nil = none.
    public var lockout: LockoutPolicy?

    /// A security section.
    public init(
        keyFile: String? = nil, rollingCounter: Bool = false, counterFile: String = "/var/lib/pn532ctl/counters",
        requireGenuine: Bool = false, originalityKey: OriginalityKeyChoice = .nxp,
        lockout: LockoutPolicy? = LockoutPolicy(denials: 5, window: .seconds(30), duration: .seconds(30)),
        keyID: UInt8 = 0, site: String = "", door: String? = nil, groups: [String] = [], acceptV1Tokens: Bool = false,
        revokedUIDs: [[UInt8]] = [], requireSynchronisedClock: Bool = true
    ) {
        self.keyFile = keyFile
        self.keyID = keyID
        self.site = site
        self.door = door
        self.groups = groups
        self.acceptV1Tokens = acceptV1Tokens
        self.revokedUIDs = revokedUIDs
        self.requireSynchronisedClock = requireSynchronisedClock
        self.rollingCounter = rollingCounter
        self.counterFile = counterFile
        self.requireGenuine = requireGenuine
        self.originalityKey = originalityKey
        self.lockout = lockout
    }
}

/// `[audit]`: one JSON line per decision.
public struct AuditConfig: Equatable, Sendable {
    /// The log file.
    public var path: String
    /// The size at which the file is rotated.
    public var maxBytes: Int
    /// Rotated files kept (`audit.jsonl.1` … `.N`).
    public var keep: Int
    /// What a grant does when its line cannot be written.
    public var onFailure: AuditFailurePolicy

    /// An audit section.
    public init(path: String = "/var/log/pn532ctl/audit.jsonl", maxBytes: Int = 10 << 20, keep: Int = 5, onFailure: AuditFailurePolicy = .deny) {
        self.path = path
        self.maxBytes = maxBytes
        self.keep = keep
        self.onFailure = onFailure
    }
}

extension DoorConfig {
    /// The section of keyed family `family`, nil when the door has none.
    public subscript(keyed family: KeyedFamily) -> KeyedCardConfig? {
        switch family {
        case .ntag424: ntag424
        case .desfire: desfire
        case .ultralightAES: ultralightAES
        }
    }

    /// Every `[credentials.…]` section the door has, in `KeyedFamily` order.
    public var keyedSections: [KeyedCardConfig] {
        KeyedFamily.allCases.compactMap { self[keyed: $0] }
    }
}

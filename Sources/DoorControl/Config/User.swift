/// A person (or role) who may open the door, with what they present and when.
public struct User: Equatable, Sendable {
    /// The name, as logs and tokens show it.
    public var name: String
    /// Any of these opens the door for the user.
    public var credentials: [Credential]
    /// The first day the user may enter (local time, inclusive).
    public var validFrom: CivilDate?
    /// The last day the user may enter (local time, inclusive).
    public var validUntil: CivilDate?
    /// When in the week the user may enter; nil = always.
    public var schedule: WeeklySchedule?
    /// Tokens issued at or before this time (seconds since 1970) are refused: reissuing
    /// the user's tags and setting this revokes every older one.
    public var tokensIssuedAfter: UInt32?
    /// The family the user's `uid` credentials were enrolled from (`uid_family`); nil: any.
    public var uidFamily: UIDFamily?
    /// `deny_when_stale`: denied while the users snapshot is stale (`[fleet]
    /// stale_after_hours`), and while the clock is not synchronised (staleness cannot be told).
    public var deniedWhenStale = false

    /// A user.
    public init(
        name: String, credentials: [Credential], validFrom: CivilDate? = nil, validUntil: CivilDate? = nil,
        schedule: WeeklySchedule? = nil, tokensIssuedAfter: UInt32? = nil
    ) {
        self.name = name
        self.credentials = credentials
        self.validFrom = validFrom
        self.validUntil = validUntil
        self.schedule = schedule
        self.tokensIssuedAfter = tokensIssuedAfter
    }

    /// True when the user may enter only on some days or at some times (these need a clock
    /// that is set).
    public var isTimeBound: Bool {
        validFrom != nil || validUntil != nil || schedule != nil
    }
}

/// What a tag must show to count as a user's.
public enum Credential: Equatable, Sendable {
    /// The UID, exactly (all bytes, leading zeros kept).
    case uid([UInt8])
    /// A Text record whose text equals this.
    case textEquals(String)
    /// A Text record whose text starts with this.
    case textPrefix(String)
    /// A URI record whose full URI equals this.
    case uriEquals(String)
    /// A URI record whose full URI starts with this.
    case uriPrefix(String)
    /// A MIME record of this type with exactly this payload.
    case mime(type: String, payload: [UInt8])
    /// A signed `pn532ctl.org:token` issued to the user's name for this tag's UID.
    case signedToken
    /// A card of a keyed family with this real UID that proves, at the presentation, that it
    /// holds its key (`[credentials.ntag424]`, `[credentials.desfire]`); never matched by the
    /// anticollision UID alone.
    case keyed(KeyedFamily, [UInt8])

    /// An NTAG 424 DNA with this real UID proving its key (`ntag424`).
    public static func ntag424(_ uid: [UInt8]) -> Credential { .keyed(.ntag424, uid) }

    /// A DESFire EV2/EV3 with this real UID proving its application key (`desfire`).
    public static func desfire(_ uid: [UInt8]) -> Credential { .keyed(.desfire, uid) }

    /// The family and real UID of a credential the card proves with a key it never reveals;
    /// nil for the others.
    public var keyed: (family: KeyedFamily, uid: [UInt8])? {
        if case let .keyed(family, uid) = self { (family, uid) } else { nil }
    }

    /// True for a credential the card proves with a key it never reveals (`ntag424`, `desfire`).
    public var isKeyed: Bool { keyed != nil }
}

/// A calendar day.
public struct CivilDate: Comparable, Hashable, Sendable, CustomStringConvertible {
    /// The year (e.g. 2026).
    public var year: Int
    /// 1-12.
    public var month: Int
    /// 1-31.
    public var day: Int

    /// A day.
    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    public static func < (lhs: CivilDate, rhs: CivilDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        func pad(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }
}

/// A day of the week, Monday first (ISO 8601).
public enum Weekday: Int, CaseIterable, Comparable, Hashable, Sendable {
    case monday = 1, tuesday, wednesday, thursday, friday, saturday, sunday

    public static func < (lhs: Weekday, rhs: Weekday) -> Bool { lhs.rawValue < rhs.rawValue }

    /// `Mon` … `Sun`.
    public var abbreviation: String {
        ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"][rawValue - 1]
    }
}

/// Local wall-clock time as decisions see it: the day, the weekday and the minute of the day.
public struct LocalTime: Equatable, Sendable {
    /// The calendar day.
    public var date: CivilDate
    /// Its weekday.
    public var weekday: Weekday
    /// Minutes since midnight, 0-1439.
    public var minute: Int
    /// Seconds since 1970 (UTC), when known: token expiry is checked against it, and a token
    /// with an expiry is refused without it.
    public var epochSeconds: Int64?
    /// False when the kernel says the clock is not synchronised (`adjtimex`): dates and
    /// schedules cannot be trusted then.
    public var isSynchronised: Bool

    /// A local time.
    public init(date: CivilDate, weekday: Weekday, minute: Int, epochSeconds: Int64? = nil, isSynchronised: Bool = true) {
        self.date = date
        self.weekday = weekday
        self.minute = minute
        self.epochSeconds = epochSeconds
        self.isSynchronised = isSynchronised
    }
}

/// When in the week a user may enter: a union of windows.
public struct WeeklySchedule: Equatable, Sendable {
    /// Some days, from one minute of the day (inclusive) to another (exclusive).
    public struct Window: Equatable, Sendable {
        /// The days the window applies to.
        public var days: Set<Weekday>
        /// Start, minutes since midnight (inclusive).
        public var start: Int
        /// End, minutes since midnight (exclusive; 1440 = midnight at the end of the day).
        public var end: Int

        /// A window.
        public init(days: Set<Weekday>, start: Int, end: Int) {
            self.days = days
            self.start = start
            self.end = end
        }
    }

    /// The windows.
    public var windows: [Window]

    /// A schedule.
    public init(windows: [Window]) {
        self.windows = windows
    }

    /// True when `time` falls in one of the windows.
    public func allows(_ time: LocalTime) -> Bool {
        windows.contains { $0.days.contains(time.weekday) && (($0.start)..<($0.end)).contains(time.minute) }
    }
}

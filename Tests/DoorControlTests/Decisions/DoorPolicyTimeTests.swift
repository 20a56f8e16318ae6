import DoorControl
import Testing

@Suite("Door policy: validity dates and weekly schedules")
struct DoorPolicyTimeTests {
    typealias F = PolicyFixtures

    static func at(_ weekday: Weekday, _ hour: Int, _ minute: Int, on date: CivilDate = CivilDate(year: 2026, month: 3, day: 2)) -> LocalTime {
        LocalTime(date: date, weekday: weekday, minute: hour * 60 + minute)
    }

    static let officeHours = WeeklySchedule(windows: [
        .init(days: [.monday, .tuesday, .wednesday, .thursday, .friday], start: 8 * 60, end: 18 * 60),
    ])

    @Test func scheduleStartIsInclusiveAndEndExclusive() {
        let policy = F.policy([User(name: "alice", credentials: [.uid(F.aliceUID)], schedule: Self.officeHours)])
        #expect(F.decide(policy, F.tag(F.aliceUID), at: Self.at(.monday, 8, 0)).granted)
        #expect(F.decide(policy, F.tag(F.aliceUID), at: Self.at(.friday, 17, 59)).granted)
        let early = F.decide(policy, F.tag(F.aliceUID), at: Self.at(.monday, 7, 59))
        #expect(early == Decision(
            granted: false, user: "alice", rule: "users[0] \"alice\" credentials[0] uid",
            reason: "UID 04112233445566 matches, but outside schedule Mon-Fri 08:00-18:00"))
        let late = F.decide(policy, F.tag(F.aliceUID), at: Self.at(.friday, 18, 0))
        #expect(!late.granted)
        #expect(late.reason.hasSuffix("outside schedule Mon-Fri 08:00-18:00"))
        #expect(!F.decide(policy, F.tag(F.aliceUID), at: Self.at(.saturday, 12, 0)).granted)
        #expect(!F.decide(policy, F.tag(F.aliceUID), at: Self.at(.sunday, 12, 0)).granted)
    }

    @Test func dayEdgesAndSunday() {
        let lateSunday = WeeklySchedule(windows: [.init(days: [.sunday], start: 22 * 60, end: 1440), .init(days: [.monday], start: 0, end: 1)])
        let policy = F.policy([User(name: "night", credentials: [.uid(F.aliceUID)], schedule: lateSunday)])
        #expect(!F.decide(policy, F.tag(F.aliceUID), at: Self.at(.sunday, 21, 59)).granted)
        #expect(F.decide(policy, F.tag(F.aliceUID), at: Self.at(.sunday, 22, 0)).granted)
        #expect(F.decide(policy, F.tag(F.aliceUID), at: Self.at(.sunday, 23, 59)).granted)
        #expect(F.decide(policy, F.tag(F.aliceUID), at: Self.at(.monday, 0, 0)).granted)
        let after = F.decide(policy, F.tag(F.aliceUID), at: Self.at(.monday, 0, 1))
        #expect(!after.granted)
        #expect(after.reason.hasSuffix("outside schedule Sun 22:00-24:00, Mon 00:00-00:01"))
        #expect(!F.decide(policy, F.tag(F.aliceUID), at: Self.at(.saturday, 23, 59)).granted)
    }

    @Test func validFromAndUntilAreInclusiveLocalDates() {
        let user = User(
            name: "temp", credentials: [.uid(F.aliceUID)],
            validFrom: CivilDate(year: 2026, month: 1, day: 1), validUntil: CivilDate(year: 2026, month: 3, day: 31))
        let policy = F.policy([user])
        let before = F.decide(policy, F.tag(F.aliceUID), at: Self.at(.wednesday, 23, 59, on: CivilDate(year: 2025, month: 12, day: 31)))
        #expect(!before.granted)
        #expect(before.user == "temp")
        #expect(before.reason == "UID 04112233445566 matches, but valid from 2026-01-01")
        #expect(F.decide(policy, F.tag(F.aliceUID), at: Self.at(.thursday, 0, 0, on: CivilDate(year: 2026, month: 1, day: 1))).granted)
        #expect(F.decide(policy, F.tag(F.aliceUID), at: Self.at(.tuesday, 23, 59, on: CivilDate(year: 2026, month: 3, day: 31))).granted)
        let after = F.decide(policy, F.tag(F.aliceUID), at: Self.at(.wednesday, 0, 0, on: CivilDate(year: 2026, month: 4, day: 1)))
        #expect(!after.granted)
        #expect(after.reason == "UID 04112233445566 matches, but valid until 2026-03-31")
    }

    @Test func aLaterEntryInItsTimeGrantsAndOtherwiseTheFirstMatchExplains() {
        let weekend = WeeklySchedule(windows: [.init(days: [.saturday, .sunday], start: 0, end: 1440)])
        let policy = F.policy([
            User(name: "alice-weekdays", credentials: [.uid(F.aliceUID)], schedule: Self.officeHours),
            User(name: "alice-weekend", credentials: [.uid(F.aliceUID)], schedule: weekend),
        ])
        #expect(F.decide(policy, F.tag(F.aliceUID), at: Self.at(.saturday, 3, 0)).user == "alice-weekend")
        #expect(F.decide(policy, F.tag(F.aliceUID), at: Self.at(.monday, 9, 0)).user == "alice-weekdays")
        let night = F.decide(policy, F.tag(F.aliceUID), at: Self.at(.monday, 3, 0))
        #expect(!night.granted)
        #expect(night.user == "alice-weekdays")
        #expect(night.reason.hasSuffix("outside schedule Mon-Fri 08:00-18:00"))
    }
}

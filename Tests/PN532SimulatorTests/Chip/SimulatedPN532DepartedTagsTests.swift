import Basics
import NFCCore
import PN532
import PN532Simulator
import Testing

/// Tags that leave the field are kept for presenting again, one per UID and only the most
/// recent, so that a long scenario's memory stays flat.
struct SimulatedPN532DepartedTagsTests {
    static func tag(_ number: Int) -> SimulatedTag {
        SimulatedTag(product: .ntag213, uid: [0x04, 0x00, 0x00, UInt8(number >> 8), UInt8(number & 0xFF), 0x00, 0x01])
    }

    /// Presents and removes each tag in turn, one millisecond apart, and applies the events.
    static func run(_ tags: [SimulatedTag], on chip: SimulatedPN532) {
        var time = MonotonicTime(nanoseconds: 0)
        for tag in tags {
            chip.schedule(.present(tag), at: time)
            chip.schedule(.remove(uid: tag.uid), at: time + .microseconds(500))
            time = time + .milliseconds(1)
        }
        _ = chip.output(until: time)
    }

    @Test func aTagPresentedTwiceIsKeptOnceAsItLastLeft() {
        let chip = SimulatedPN532()
        var changed = Self.tag(1)
        changed.memory[16] = 0xAB
        Self.run([Self.tag(1), Self.tag(2), changed], on: chip)
        #expect(chip.departedTags.map(\.uid) == [Self.tag(2).uid, Self.tag(1).uid])
        #expect(chip.departedTags.last?.memory[16] == 0xAB)
    }

    @Test func onlyTheMostRecentTagsAreKept() {
        let chip = SimulatedPN532()
        let tags = (0..<(SimulatedPN532.departedTagLimit * 3)).map(Self.tag)
        Self.run(tags, on: chip)
        #expect(chip.departedTags.map(\.uid) == tags.suffix(SimulatedPN532.departedTagLimit).map(\.uid))
    }
}

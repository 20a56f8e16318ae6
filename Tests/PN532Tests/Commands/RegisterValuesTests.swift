import TestSupport
import Testing
@testable import PN532

@Suite("ReadRegister reply")
struct RegisterValuesTests {
    @Test func valuesComeInRequestOrder() throws {
        let values = try RegisterValues(payload: hex("07 07 07 15"), count: 3)
        #expect(values.values == hex("07 07 15"))
        #expect(values.payload == hex("07 07 07 15"))
    }

    @Test func fewerValuesThanAddressesIsTooShort() {
        #expect(throws: ReplyError(command: .readRegister, payload: hex("07 80"),
                                   reason: .tooShort(field: "register values", needed: 2, available: 1))) {
            try RegisterValues(payload: hex("07 80"), count: 2)
        }
    }

    @Test func moreValuesThanAddressesIsInconsistent() {
        #expect(throws: ReplyError(command: .readRegister, payload: hex("07 80 00"),
                                   reason: .inconsistentLength(expected: 2))) {
            try RegisterValues(payload: hex("07 80 00"), count: 1)
        }
    }
}

import NFCCore
import PN532
import PN532Simulator
import Testing
import Type2

/// Type 2 tag commands through the PN532: READ and WRITE via InDataExchange, the others via
/// InCommunicateThru, and the tag's refusals and disappearance as typed errors.
struct TargetExchangeTests {
    /// A started reader with `tag` in the field, selected.
    static func selected(_ tag: SimulatedTag = patternedTag()) throws -> (SimulatedReader, TargetExchange) {
        let reader = try SimulatedReader.started(tags: [tag])
        return (reader, try reader.selectFirstTarget())
    }

    @Test func readReturnsFourPages() throws {
        let tag = patternedTag()
        let (_, exchange) = try Self.selected(tag)
        #expect(try exchange.exchange([0x30, 0x04]) == readAnswer(tag, page: 4))
        #expect(try exchange.exchange([0x30, 0x00]) == readAnswer(tag, page: 0))
    }

    @Test func writeIsAcknowledgedAndReadsBack() throws {
        let tag = patternedTag()
        let (reader, exchange) = try Self.selected(tag)
        #expect(try exchange.exchange([0xA2, 0x05, 0xDE, 0xAD, 0xBE, 0xEF], answer: .acknowledgement) == [0x0A])
        #expect(try exchange.exchange([0x30, 0x04]) == Array(tag.memory[16..<20]) + [0xDE, 0xAD, 0xBE, 0xEF] + Array(tag.memory[24..<32]))
        #expect(reader.chip.field[0].memory[20..<24] == [0xDE, 0xAD, 0xBE, 0xEF])
    }

    @Test func aRefusedWriteIsANegativeAcknowledgement() throws {
        let (_, exchange) = try Self.selected()
        #expect(throws: TagExchangeError.negativeAcknowledgement(nil)) {
            try exchange.exchange([0xA2, 0xF0, 0x00, 0x00, 0x00, 0x00], answer: .acknowledgement)
        }
    }

    @Test func getVersionIdentifiesTheProduct() throws {
        let (_, exchange) = try Self.selected()
        #expect(try exchange.exchange([0x60]) == [0x00, 0x04, 0x04, 0x02, 0x01, 0x00, 0x11, 0x03])
    }

    @Test func getVersionToAPlainUltralightGetsNoAnswer() throws {
        let (_, exchange) = try Self.selected(SimulatedTag(product: .ultralight))
        #expect(throws: TagExchangeError.noAnswer) { try exchange.exchange([0x60]) }
    }

    @Test func fastReadReturnsTheRange() throws {
        let tag = patternedTag()
        let (_, exchange) = try Self.selected(tag)
        #expect(try exchange.exchange([0x3A, 0x04, 0x0F]) == Array(tag.memory[16..<64]))
    }

    @Test func readSignatureReturnsTheTagsSignature() throws {
        let tag = patternedTag()
        let (_, exchange) = try Self.selected(tag)
        let signature = try exchange.exchange([0x3C, 0x00])
        #expect(signature.count == 32)
        #expect(signature == tag.signature)
    }

    @Test func theRightPasswordGetsThePACK() throws {
        let (_, exchange) = try Self.selected()
        #expect(try exchange.exchange([0x1B, 0xFF, 0xFF, 0xFF, 0xFF]) == [0x00, 0x00])
    }

    @Test func aWrongPasswordIsANegativeAcknowledgement() throws {
        let (_, exchange) = try Self.selected()
        #expect(throws: TagExchangeError.negativeAcknowledgement(nil)) {
            try exchange.exchange([0x1B, 0x12, 0x34, 0x56, 0x78])
        }
    }

    @Test func aTagRemovedAfterTwoCommandsGivesNoAnswerFromThenOn() throws {
        let tag = patternedTag()
        let (reader, exchange) = try Self.selected(tag)
        reader.chip.removeTagAfterCommands = 2
        #expect(try exchange.exchange([0x30, 0x04]) == readAnswer(tag, page: 4))
        #expect(try exchange.exchange([0x60]).count == 8)
        #expect(throws: TagExchangeError.noAnswer) { try exchange.exchange([0x30, 0x08]) }
        #expect(throws: TagExchangeError.noAnswer) { try exchange.exchange([0x30, 0x08]) }
        #expect(throws: TagExchangeError.noAnswer) { try exchange.exchange([0x60]) }
        #expect(reader.chip.field.isEmpty)
    }

    @Test func aTagTakenAwayGivesNoAnswer() throws {
        let (reader, exchange) = try Self.selected()
        reader.chip.schedule(.remove(uid: nil), at: reader.link.now)
        #expect(throws: TagExchangeError.noAnswer) { try exchange.exchange([0x30, 0x04]) }
    }

    @Test func aTagIdleAfterANAKAnswersAgainOnceReselected() throws {
        let tag = patternedTag()
        let (_, exchange) = try Self.selected(tag)
        #expect(throws: TagExchangeError.negativeAcknowledgement(nil)) { try exchange.exchange([0x30, 0xF0]) }
        #expect(throws: TagExchangeError.noAnswer) { try exchange.exchange([0x30, 0x04]) }
        try exchange.reselect()
        #expect(try exchange.exchange([0x30, 0x04]) == readAnswer(tag, page: 4))
    }

    @Test func reselectingATagThatLeftGivesNoAnswer() throws {
        let (reader, exchange) = try Self.selected()
        reader.chip.schedule(.remove(uid: nil), at: reader.link.now)
        #expect(throws: TagExchangeError.noAnswer) { try exchange.reselect() }
    }

    @Test func reselectFindsTheSameTagAmongTwo() throws {
        let first = patternedTag(uid: [0x04, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66])
        let second = SimulatedTag(product: .ntag213, uid: [0x04, 0xAA, 0xBB, 0xCC, 0xDD, 0xEE, 0xFF])
        let reader = try SimulatedReader.started(tags: [second, first])
        let target = try #require(try reader.session.listPassiveTargets(maxTargets: 2).last)
        let exchange = TargetExchange(session: reader.session, target: target)
        #expect(target.uid == first.uid)
        try exchange.reselect()
        #expect(try exchange.exchange([0x30, 0x04]) == readAnswer(first, page: 4))
    }

    @Test func twoListedTagsEachAnswerForThemselvesWhateverWayACommandGoes() throws {
        let first = patternedTag(uid: [0x04, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66])
        let second = SimulatedTag(product: .ntag216, uid: [0x04, 0xAA, 0xBB, 0xCC, 0xDD, 0xEE, 0xFF])
        let reader = try SimulatedReader.started(tags: [first, second])
        let targets = try reader.session.listPassiveTargets(maxTargets: 2)
        try #require(targets.count == 2)
        let one = TargetExchange(session: reader.session, target: targets[0])
        let two = TargetExchange(session: reader.session, target: targets[1])
        // GET_VERSION goes through InCommunicateThru, which names no target: an InSelect first.
        #expect(try two.exchange([0x60]) == [0x00, 0x04, 0x04, 0x02, 0x01, 0x00, 0x13, 0x03])
        #expect(try one.exchange([0x60]) == [0x00, 0x04, 0x04, 0x02, 0x01, 0x00, 0x11, 0x03])
        // A WRITE goes through InDataExchange, which names it; a READ after it needs no InSelect.
        #expect(try two.exchange([0xA2, 0x05, 0xDE, 0xAD, 0xBE, 0xEF], answer: .acknowledgement) == [0x0A])
        let before = reader.session.statistics.commands
        #expect(try two.exchange([0x30, 0x05]).prefix(4) == [0xDE, 0xAD, 0xBE, 0xEF])
        #expect(reader.session.statistics.commands == before + 1)
        #expect(try one.exchange([0x30, 0x05]) == readAnswer(first, page: 5))
        #expect(reader.chip.field[0].memory[20..<24] == first.memory[20..<24])
    }

    @Test func anISODEPCardsAPDUGoesThroughTheChipsBlockProtocol() throws {
        let reader = try SimulatedReader.started(tags: [SimulatedTag(product: .desfire)])
        let target = try #require(try reader.session.listPassiveTargets(maxTargets: 1).first)
        #expect(target.ats != nil)
        let exchange = TargetExchange(session: reader.session, target: target)
        #expect(exchange.chipRunsExchange)
        let selectNDEFApplication: [UInt8] = [0x00, 0xA4, 0x04, 0x00, 0x07, 0xD2, 0x76, 0x00, 0x00, 0x85, 0x01, 0x01, 0x00]
        #expect(try exchange.exchange(selectNDEFApplication).suffix(2) == [0x6A, 0x82])
    }

    @Test func aReaderThatStopsAnsweringIsATransportError() throws {
        let (reader, exchange) = try Self.selected()
        reader.chip.stall()
        let error = #expect(throws: TagExchangeError.self) { try exchange.exchange([0x30, 0x04]) }
        guard case .transport(let failure)? = error else {
            Issue.record("expected a transport error, got \(String(describing: error))")
            return
        }
        #expect(failure.kind == .reader)
        #expect(failure.message.contains("no ACK"))
        let underlying = try #require(failure.underlying as? PN532Error)
        guard case .noAcknowledgement = underlying.kind else {
            Issue.record("expected the PN532's no-ACK error underneath, got \(underlying)")
            return
        }
    }
}

/// ISO-DEP answers longer than one InDataExchange reply come back whole: the session follows
/// the chip's MI chaining.
struct TargetExchangeChainingTests {
    @Test func anAnswerChainedWithMIIsJoined() throws {
        var tag = SimulatedTag(product: .ntag424)
        let extra = (0..<600).map { UInt8(truncatingIfNeeded: $0) }
        // Command 1 is RATS (InListPassiveTarget), command 2 the SELECT below.
        tag.script = TagScript(faults: [.none, .extended(extra)])
        let reader = try SimulatedReader.started(tags: [tag])
        let exchange = try reader.selectFirstTarget()
        let select: [UInt8] = [0x00, 0xA4, 0x04, 0x00, 0x07, 0xD2, 0x76, 0x00, 0x00, 0x85, 0x01, 0x01, 0x00]
        #expect(try exchange.exchange(select) == [0x90, 0x00] + extra)
        #expect(try exchange.exchange(select) == [0x90, 0x00])
    }

    @Test func aChainLongerThanAnyAPDUIsGivenUp() throws {
        var tag = SimulatedTag(product: .ntag424)
        // 261 parts of 262 bytes: more than the 65538 bytes of the longest response APDU.
        tag.script = TagScript(faults: [.none, .extended([UInt8](repeating: 0x55, count: 262 * 261))])
        let reader = try SimulatedReader.started(tags: [tag])
        let exchange = try reader.selectFirstTarget()
        // The card takes about 6 s to send it all (virtual time).
        exchange.allowAnswerTime(.seconds(10))
        let select: [UInt8] = [0x00, 0xA4, 0x04, 0x00, 0x07, 0xD2, 0x76, 0x00, 0x00, 0x85, 0x01, 0x01, 0x00]
        #expect {
            try exchange.exchange(select)
        } throws: { error in
            guard case .transport(let failure) = error as? TagExchangeError else { return false }
            return failure.kind == .malformedAnswer && failure.message.contains("still chaining")
        }
    }
}


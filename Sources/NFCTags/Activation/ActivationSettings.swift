/// What the activation sets per family on the exchange with a tag: how long its answers may
/// take.
public struct ActivationSettings: Hashable, Sendable {
    /// How long an ISO-DEP card (a Type A card with an ATS, a Type B card) may take to answer
    /// one command: a card computing a signature or a cryptogram needs far longer than a
    /// Type 2 READ.
    public var isoDEPAnswerTime: Duration
    /// How long a Topaz/Jewel (NFC Forum Type 1) may take to answer one command.
    public var type1AnswerTime: Duration

    /// Settings with the given answer times (1 s each by default); a Type 2 tag's answers
    /// keep the exchange's own time.
    public init(isoDEPAnswerTime: Duration = .seconds(1), type1AnswerTime: Duration = .seconds(1)) {
        self.isoDEPAnswerTime = isoDEPAnswerTime
        self.type1AnswerTime = type1AnswerTime
    }
}

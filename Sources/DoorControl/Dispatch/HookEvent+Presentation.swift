import DoorRecords

extension HookEvent {
    /// The event for a decided presentation (nil for several tags at once: nothing to say
    /// about one of them), with the door's lockout and this tag's own.
    public init?(presentation: Presentation, decision: Decision, lockedOut: Bool, tagLockedOut: Bool = false) {
        guard !presentation.multipleTags else { return nil }
        let content = PresentedContent(presentation.message)
        self.init(
            uid: UIDNotation.hex(presentation.uid, separator: ""), granted: decision.granted, user: decision.user,
            rule: decision.rule, reason: decision.reason, uri: content.uris.first, text: content.texts.first, lockout: lockedOut, tagLockout: tagLockedOut)
    }
}

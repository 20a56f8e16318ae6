extension DoorConfig {
    /// True when a rule looks at the tag's NDEF message: a user with a credential other than
    /// a UID, or hooks (which get the URI and text). When none does, the reader decides on
    /// the UID alone and skips the read.
    public var needsMessage: Bool {
        hooks.socket != nil || users.contains { user in
            user.credentials.contains { switch $0 { case .uid, .keyed: false; default: true } }
        }
    }

    /// The reader's timing with the configured health-check interval and resting time.
    public var readerTiming: DoorReader.Timing {
        var timing = DoorReader.Timing(healthInterval: reader.healthCheckInterval)
        timing.restingAfter = reader.restingAfter
        return timing
    }
}

import PN532

/// What a flash run does to each card it is handed: `flash`'s NDEF writer, or the NTAG 424
/// DNA keying of `ntag424 provision`. The run loop, its report and its tally are shared.
public protocol TagProvisioner {
    /// Provisions the selected `listed` target as card number `seq` and says what happened.
    func provision(_ listed: ListedTarget, session: PN532Session, seq: Int) -> FlashTagWriter.Outcome
}

extension FlashTagWriter: TagProvisioner {}

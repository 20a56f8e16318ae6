/// Something the controller reacts to.
public enum DoorEvent: Equatable, Sendable {
    /// A tag was decided on.
    case decision(Decision, uid: [UInt8])
    /// The request-to-exit button was pressed.
    case exitRequested
    /// The door contact reports the door open.
    case doorOpened
    /// The door contact reports the door closed.
    case doorClosed
    /// The doorbell was pressed.
    case doorbell
    /// A signed remote unlock command passed every check (`UnlockGate`): what it says.
    case remoteUnlock(String)
}

/// What the controller wants done, in order.
public enum DoorAction: Equatable, Sendable {
    /// Drive the relay: true energises it (unlocks a fail-secure strike).
    case relay(Bool)
    /// Switch the LED.
    case led(Bool)
    /// Switch the buzzer.
    case buzzer(Bool)
    /// Something to log and audit.
    case note(DoorNote)
}

/// A state change worth an audit line or a log message.
public enum DoorNote: Equatable, Sendable {
    /// The relay was energised, and why (`granted alice`, `exit button`).
    case unlocked(String)
    /// The relay was released, and why (`pulse ended`, `door closed`, `toggled`).
    case locked(String)
    /// The request-to-exit button was pressed.
    case exitRequested
    /// The door opened.
    case doorOpened
    /// The door closed.
    case doorClosed
    /// The door has stayed open this long.
    case heldOpen(Duration)
    /// The doorbell rang.
    case doorbell
    /// A remote unlock command was accepted: what it says.
    case remoteUnlock(String)
    /// A remote unlock command was refused: why.
    case remoteUnlockRefused(String)
}

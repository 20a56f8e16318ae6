import GPIO

/// The relay, LED and buzzer as requested GPIO lines.
public final class GPIODoorOutputs: DoorOutputs {
    /// The relay's line.
    public let relay: GPIOLine
    /// The LED's line, if any.
    public let led: GPIOLine?
    /// The buzzer's line, if any.
    public let buzzer: GPIOLine?

    /// Outputs on lines already requested (the relay requested "off" from the start).
    public init(relay: GPIOLine, led: GPIOLine?, buzzer: GPIOLine?) {
        self.relay = relay
        self.led = led
        self.buzzer = buzzer
    }

    public func apply(_ action: DoorAction) throws {
        switch action {
        case .relay(let on): try relay.set(on)
        case .led(let on): try led?.set(on)
        case .buzzer(let on): try buzzer?.set(on)
        case .note: break
        }
    }
}

import Synchronization

extension DeviceSpec {
    /// The kinds registered so far, in the order of registration.
    private static let kinds = Mutex<[any DeviceKind]>([])

    /// Adds `kind` to the device strings `parse(_:)` reads; registering the same type again
    /// does nothing.
    public static func register(_ kind: any DeviceKind) {
        kinds.withLock { kinds in
            guard !kinds.contains(where: { type(of: $0) == type(of: kind) }) else { return }
            kinds.append(kind)
        }
    }

    /// The registered kinds.
    static var registeredKinds: [any DeviceKind] {
        kinds.withLock { $0 }
    }
}

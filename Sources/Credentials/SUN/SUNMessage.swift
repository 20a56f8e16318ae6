/// A SUN message whose MAC is right: the tag's UID and read counter, and its file data.
public struct SUNMessage: Hashable, Sendable {
    /// The tag's 7-byte UID.
    public var uid: [UInt8]
    /// The tag's SDMReadCtr (24 bits).
    public var counter: UInt32
    /// The decrypted file data (SDMENCFileData), nil when the URL has none.
    public var fileData: [UInt8]?
    /// True when the UID and counter came encrypted (PICCData), false when mirrored as plain hex.
    public var piccDataEncrypted: Bool
    /// The layout the message was read with.
    public var layout: SUNLayout
}

/// Which URL query parameters of a SUN message hold what: the PICCData (encrypted, or the UID
/// and counter as plain hex), the encrypted file data, and the SDMMAC; and what the MAC covers.
public struct SUNLayout: Hashable, Sendable, CustomStringConvertible {
    /// What the SDMMAC covers: the tag's `DynamicFileData[SDMMACInputOffset ..< SDMMACOffset]`.
    public enum MACInput: Hashable, Sendable {
        /// The URL text from the file data parameter's value to the MAC's value when the URL has
        /// file data (AN12196's layout: `ENC&cmac=`), else nothing (SDMMACInputOffset ==
        /// SDMMACOffset): what NXP's notes and the open sdm-backend verifier take.
        case automatic
        /// Nothing: SDMMACInputOffset == SDMMACOffset.
        case empty
        /// The URL text from the start of this parameter's value to the start of the MAC's value.
        case fromValue(of: String)
    }

    /// The layout's name (`nxp`, `sdm-backend`, `boltcard`, `plain`, or `custom`).
    public var name: String
    /// The parameter of the encrypted PICCData (32 hex digits); nil for plain mirroring.
    public var piccData: String?
    /// The parameter of the plain UID (14 hex digits), with plain mirroring.
    public var uid: String?
    /// The parameter of the plain SDMReadCtr (6 hex digits, most significant first), with plain mirroring.
    public var counter: String?
    /// The parameter of the encrypted file data (SDMENCFileData), when the URL has one.
    public var fileData: String?
    /// The parameter of the SDMMAC (16 hex digits).
    public var mac: String
    /// What the MAC covers.
    public var macInput: MACInput

    /// A layout with encrypted PICCData.
    public init(name: String = "custom", piccData: String, fileData: String? = nil, mac: String, macInput: MACInput = .automatic) {
        (self.name, self.piccData, uid, counter, self.fileData, self.mac, self.macInput) = (name, piccData, nil, nil, fileData, mac, macInput)
    }

    /// A layout with the UID and counter mirrored as plain hex.
    public init(name: String = "custom", uid: String, counter: String, fileData: String? = nil, mac: String, macInput: MACInput = .automatic) {
        (self.name, piccData, self.uid, self.counter, self.fileData, self.mac, self.macInput) = (name, nil, uid, counter, fileData, mac, macInput)
    }

    /// NXP AN12196's SUN example: `?e=PICCDATA&c=MAC` (and `enc=` for file data).
    public static let nxp = SUNLayout(name: "nxp", piccData: "e", fileData: "enc", mac: "c")
    /// AN12196's example with file data, as the sdm-backend verifier names it:
    /// `?picc_data=PICCDATA&enc=FILEDATA&cmac=MAC`.
    public static let sdmBackend = SUNLayout(name: "sdm-backend", piccData: "picc_data", fileData: "enc", mac: "cmac")
    /// Bolt Card's `?p=PICCDATA&c=MAC` (K1 decrypts p, K2 is the MAC key).
    public static let boltCard = SUNLayout(name: "boltcard", piccData: "p", mac: "c")
    /// Plain mirroring as AN12196 shows it: `?uid=UID&ctr=COUNTER&c=MAC`.
    public static let plain = SUNLayout(name: "plain", uid: "uid", counter: "ctr", mac: "c")

    /// The layouts known by name, for a message with encrypted PICCData, in the order they are
    /// recognised by their PICCData parameter.
    public static let encrypted: [SUNLayout] = [.sdmBackend, .nxp, .boltCard]
    /// Every layout known by name.
    public static let known: [SUNLayout] = encrypted + [.plain]

    /// The known layout called `name`.
    public static func named(_ name: String) -> SUNLayout? {
        known.first { $0.name == name }
    }

    /// The parameters that hold hex (every one but none).
    var hexParameters: [String] {
        [piccData, uid, counter, fileData, mac].compactMap(\.self)
    }

    public var description: String {
        let parts: [String?] = [piccData, uid, counter, fileData.map { "[\($0)]" }, mac]
        return "\(name) (" + parts.compactMap(\.self).joined(separator: ", ") + ")"
    }
}

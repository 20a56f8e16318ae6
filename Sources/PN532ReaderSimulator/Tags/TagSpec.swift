import Basics
import NFCCore
import PN532Simulator

/// A tag to put in the simulated field, as written on a command line:
/// `ntag215`, `ntag213:uid=04A1B2C3D4E5F6`, `ultralight:image=dump.mfd`,
/// `ntag213:uid=04112233445566:sig=<64 hex digits>` or `blank`.
///
/// The product comes first, options follow, each after a `:`. `blank` is a MIFARE Ultralight
/// without a Capability Container. Parsing reads no file; ``makeTag(readFile:)`` does.
public struct TagSpec: Equatable, Sendable, CustomStringConvertible {
    /// What the tag's memory starts as.
    public enum Memory: Equatable, Sendable {
        /// The product's factory content.
        case factory
        /// A MIFARE Ultralight with page 3 and all data pages 00 (``SimulatedTag/blank(uid:)``).
        case blank
        /// A libnfc `.mfd` dump read from this path.
        case image(path: String)
    }

    /// The IC (``TagProduct/ultralight`` for `blank`).
    public var product: TagProduct
    /// Where the memory comes from.
    public var memory: Memory
    /// The 7-byte UID (`uid=`); `nil` for the default or the image's.
    public var uid: [UInt8]?
    /// The 32-byte READ_SIG answer (`sig=`; 56 bytes for `ntag424`, `desfire-ev2`, `desfire-ev3`,
    /// 48 for `ultralight-aes`); `nil` for the default.
    public var signature: [UInt8]?
    /// An NTAG 424 DNA's, a DESFire EV2/EV3's or an Ultralight AES's keys (`keys=`); `nil` for
    /// the factory card.
    public var ntag424Keys: NTAG424Keys?
    /// An Ultralight AES's site master key (`master=`): its DataProtKey is the AN10922
    /// diversification for its UID (``SimulatedTag/ultralightAESKeyed(uid:master:)``).
    public var masterKey: [UInt8]?

    /// What `keys=` makes of an NTAG 424 DNA, a DESFire EV2/EV3
    /// (``SimulatedTag/desfireEV2Keyed(product:uid:)``, ``SimulatedTag/desfireEV2Clone()``) or an
    /// Ultralight AES.
    public enum NTAG424Keys: String, Equatable, Sendable {
        /// Keyed with the fixed test keys and SUN on (``SimulatedTag/ntag424Keyed(uid:)``).
        case test
        /// A perfect clone of that keyed card (``SimulatedTag/ntag424Clone()``): same UID,
        /// NDEF (one captured SUN) and signature, keys of its own.
        case clone
    }

    /// Creates a specification.
    public init(
        product: TagProduct, memory: Memory = .factory, uid: [UInt8]? = nil, signature: [UInt8]? = nil
    ) {
        self.product = product
        self.memory = memory
        self.uid = uid
        self.signature = signature
    }

    /// The names a specification may start with: every ``TagProduct`` and `blank`.
    public static var productNames: [String] {
        TagProduct.allCases.map(\.rawValue) + ["blank"]
    }

    /// The specification in the form ``parse(_:)`` reads.
    public var description: String {
        var parts = [memory == .blank ? "blank" : product.rawValue]
        if let uid { parts.append("uid=" + Hex.encode(uid)) }
        if let signature { parts.append("sig=" + Hex.encode(signature)) }
        if let ntag424Keys { parts.append("keys=" + ntag424Keys.rawValue) }
        if let masterKey { parts.append("master=" + Hex.encode(masterKey)) }
        if case .image(let path) = memory { parts.append("image=" + path) }
        return parts.joined(separator: ":")
    }

    /// The path of the `image=` file, if the memory comes from one.
    public var imagePath: String? {
        if case .image(let path) = memory { path } else { nil }
    }

    /// Builds the tag; an `image=` file is read through `readFile`.
    ///
    /// - Throws: what `readFile` throws, or ``TagImageError`` when the image has the wrong size.
    public func makeTag(readFile: (String) throws -> [UInt8]) throws -> SimulatedTag {
        try makeTag(image: imagePath.map(readFile))
    }

    /// Builds the tag, reading an `image=` file from disk.
    ///
    /// - Throws: ``TagImageError`` when the file cannot be read or has the wrong size.
    public func makeTag() throws(TagImageError) -> SimulatedTag {
        try makeTag(image: imagePath.map { path throws(TagImageError) in try TagImageFile.read(path) })
    }

    /// Builds the tag from the already loaded image, if the memory comes from one.
    private func makeTag(image: [UInt8]?) throws(TagImageError) -> SimulatedTag {
        var tag: SimulatedTag
        if let image {
            tag = try SimulatedTag(product: product, mfd: image)
        } else if memory == .blank {
            tag = .blank(uid: uid)
        } else if product == .ultralightAES, ntag424Keys != nil || masterKey != nil {
            tag = .ultralightAESKeyed(uid: uid, master: masterKey)
            if let signature { tag.signature = signature }
            if ntag424Keys == .clone, let clone = tag.ultralightAESClone() { tag = clone }
            return tag
        } else if let ntag424Keys, let keyed = SimulatedTag.desfireEV2Keyed(product: product, uid: uid) {
            tag = keyed
            if let signature { tag.desfire?.signature = signature }
            if ntag424Keys == .clone, let clone = tag.desfireEV2Clone() { tag = clone }
            return tag
        } else if let ntag424Keys {
            tag = .ntag424Keyed(uid: uid)
            if let signature { tag.ntag424?.signature = signature }
            if ntag424Keys == .clone, let clone = tag.ntag424Clone() { tag = clone }
            return tag
        } else {
            tag = SimulatedTag(product: product, uid: uid)
        }
        if let signature {
            if tag.ntag424 != nil {
                tag.ntag424?.signature = signature
            } else if product.isDESFireEV2 {
                tag.desfire?.signature = signature
            } else {
                tag.signature = signature
            }
        }
        return tag
    }
}

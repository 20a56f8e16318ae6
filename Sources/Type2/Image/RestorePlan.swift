import Basics

/// What restoring a `.mfd` image onto a tag of the same product writes, worked out from the
/// image and the tag's memory before anything is written.
///
/// - The UID pages (0, 1 and page 2's first two bytes) are never written: a difference is
///   reported in ``notRestored``.
/// - User pages (4 to the dynamic lock bytes or CFG0) are written where they differ.
/// - With ``Scope/all``: also CFG0's MIRROR bytes and CFG1's CFGLCK and NFC counter bits, the
///   CC (page 3) and the lock bytes. The CC and the lock bits are one-time programmable (a
///   write can only set bits): an image that would need a bit cleared is refused, and one
///   that sets bits, or CFGLCK, is ``PageWrite/isIrreversible``.
/// - Password protection is never restored (AUTH0, PROT, AUTHLIM, PWD, PACK: a dump holds PWD
///   and PACK as 00): `protect` and `unprotect` change it.
/// - An Ultralight AES's configuration pages and AES keys are never restored (its CFG0 and
///   CFG1 bits are not an NTAG's; its key pages read as 00).
///
/// Writes come in a safe order: user pages, then configuration, then the CC, then the lock
/// bytes last (a page locked first could not be written).
public struct RestorePlan: Hashable, Sendable {
    /// Which pages a restore may write.
    public enum Scope: Hashable, Sendable {
        /// The user pages alone.
        case userPages
        /// The user pages, the CC, the lock bytes and the configuration bits that are not
        /// password protection.
        case all
    }

    /// One page to write.
    public struct PageWrite: Hashable, Sendable {
        /// The page number.
        public var page: Int
        /// The 4 bytes to write.
        public var bytes: [UInt8]
        /// True when the write cannot be undone (lock bits, the CC, CFGLCK).
        public var isIrreversible: Bool
        /// What the page holds, in words ("user data", "CC").
        public var what: String
    }

    /// A page where the image and the tag differ but that the restore leaves as it is.
    public struct Difference: Hashable, Sendable, CustomStringConvertible {
        /// The page number.
        public var page: Int
        /// What the page holds, in words.
        public var what: String
        /// Why it is not written.
        public var reason: String
        /// The tag's bytes and the image's.
        public var tag: [UInt8]
        public var image: [UInt8]

        public var description: String {
            "page \(page) (\(what)): the tag holds \(hexText(tag)), the dump \(hexText(image)); not written: \(reason)"
        }
    }

    /// The writes, in the order to make them.
    public private(set) var writes: [PageWrite] = []
    /// The differences left as they are.
    public private(set) var notRestored: [Difference] = []

    /// The writes that cannot be undone.
    public var irreversibleWrites: [PageWrite] { writes.filter(\.isIrreversible) }

    /// The plan for writing `image` onto a tag of the same product holding `current` (all its
    /// pages from page 0, as read).
    ///
    /// - Throws: `.oneTimeProgrammable` when the CC or lock bytes of the image need a bit
    ///   cleared that the tag has set (in scope `.all`); `.unsupported` when `current` is not
    ///   the product's size. Nothing is written in either case.
    public init(image: Type2Image, current: [UInt8], scope: Scope) throws(Type2Error) {
        let product = image.product
        guard current.count == product.imageSize else {
            throw .unsupported(.pageRange(0..<current.count / 4))
        }
        func page(_ number: Int) -> [UInt8] { Array(current[number * 4..<number * 4 + 4]) }

        for number in 0..<2 where page(number) != image.page(number) {
            notRestored.append(Difference(page: number, what: "UID", reason: "the UID is written at the factory", tag: page(number), image: image.page(number)))
        }
        if page(2).prefix(2) != image.page(2).prefix(2) {
            notRestored.append(Difference(
                page: 2, what: "UID check byte, internal", reason: "written at the factory", tag: page(2), image: image.page(2)))
        }
        for number in 4..<product.userMemoryEnd where page(number) != image.page(number) {
            writes.append(PageWrite(page: number, bytes: image.page(number), isIrreversible: false, what: "user data"))
        }
        if product.hasPasswordAuthentication, let configuration = product.configurationPage {
            try planConfiguration(configuration, image: image, current: page, scope: scope)
        }
        try planOneTimeProgrammable(3, what: "CC", image: image.page(3), current: page(3), keeping: 0..<0, scope: scope)
        if let dynamic = product.dynamicLockPage {
            try planOneTimeProgrammable(dynamic, what: "dynamic lock bytes", image: image.page(dynamic), current: page(dynamic), keeping: 3..<4, scope: scope)
        }
        try planOneTimeProgrammable(2, what: "static lock bytes", image: image.page(2), current: page(2), keeping: 0..<2, scope: scope)
    }

    /// CFG0 and CFG1: the image's MIRROR bytes and CFGLCK/NFC counter bits, the tag's own
    /// AUTH0, PROT and AUTHLIM; PWD and PACK never.
    private mutating func planConfiguration(
        _ configuration: Int, image: Type2Image, current page: (Int) -> [UInt8], scope: Scope
    ) throws(Type2Error) {
        let cfg0 = page(configuration)
        let cfg1 = page(configuration + 1)
        let wanted0 = Array(image.page(configuration).prefix(3)) + [cfg0[3]]
        let restoredAccess: UInt8 = 0x40 | 0x10 | 0x08
        let wanted1 = [cfg1[0] & ~restoredAccess | image.page(configuration + 1)[0] & restoredAccess] + Array(cfg1[1..<4])
        let protection = "password protection (AUTH0, PROT, AUTHLIM, PWD, PACK) is never restored: use protect or unprotect"
        if cfg0[3] != image.page(configuration)[3] {
            notRestored.append(Difference(page: configuration, what: "CFG0 AUTH0", reason: protection, tag: cfg0, image: image.page(configuration)))
        }
        if (cfg1[0] ^ image.page(configuration + 1)[0]) & 0x87 != 0 {
            notRestored.append(Difference(page: configuration + 1, what: "CFG1 PROT, AUTHLIM", reason: protection, tag: cfg1, image: image.page(configuration + 1)))
        }
        for number in configuration + 2..<configuration + 4 where page(number) != image.page(number) {
            notRestored.append(Difference(
                page: number, what: number == configuration + 2 ? "PWD" : "PACK", reason: protection, tag: page(number), image: image.page(number)))
        }
        for (number, wanted, current) in [(configuration, wanted0, cfg0), (configuration + 1, wanted1, cfg1)] where wanted != current {
            guard scope == .all else {
                notRestored.append(Difference(page: number, what: "configuration", reason: "configuration pages are restored with --all", tag: current, image: image.page(number)))
                continue
            }
            let locksConfiguration = number == configuration + 1 && wanted[0] & 0x40 != 0 && current[0] & 0x40 == 0
            writes.append(PageWrite(page: number, bytes: wanted, isIrreversible: locksConfiguration, what: number == configuration ? "CFG0" : "CFG1"))
        }
    }

    /// A one-time-programmable page (the CC, lock bytes): the image's bytes except `keeping`
    /// (the tag's own), only when no bit the tag has set would need clearing.
    private mutating func planOneTimeProgrammable(
        _ number: Int, what: String, image: [UInt8], current: [UInt8], keeping: Range<Int>, scope: Scope
    ) throws(Type2Error) {
        var wanted = image
        wanted.replaceSubrange(keeping, with: current[keeping])
        guard wanted != current else { return }
        guard scope == .all else {
            notRestored.append(Difference(page: number, what: what, reason: "one-time programmable: restored with --all (and --yes)", tag: current, image: image))
            return
        }
        guard zip(current, wanted).allSatisfy({ old, new in old & ~new == 0 }) else {
            throw .oneTimeProgrammable(page: number, holds: current, wanted: wanted)
        }
        writes.append(PageWrite(page: number, bytes: wanted, isIrreversible: true, what: what))
    }
}

/// Page access and the configuration bytes (CFG0/CFG1) read from memory.
extension SimulatedTag {
    /// ACCESS bits in CFG1 byte 0.
    enum AccessBit {
        /// 1: reads and writes from AUTH0 on need PWD_AUTH; 0: only writes do.
        static let readProtection: UInt8 = 0x80
        /// CFG0 and CFG1 are permanently read-only.
        static let configurationLock: UInt8 = 0x40
        /// NFC counter enabled (NTAG213/215/216).
        static let counterEnabled: UInt8 = 0x10
        /// READ_CNT needs PWD_AUTH (NTAG213/215/216).
        static let counterPasswordProtected: UInt8 = 0x08
        /// AUTHLIM: up to 2^AUTHLIM failed PWD_AUTH attempts; 0 = no limit.
        static let authenticationLimitMask: UInt8 = 0x07
    }

    /// The 4 bytes of page `number` as stored; zeros where ``memory`` is shorter than the
    /// product's page count.
    func page(_ number: Int) -> [UInt8] {
        (number * 4..<number * 4 + 4).map { $0 < memory.count ? memory[$0] : 0 }
    }

    /// The 4 bytes READ and FAST_READ return for page `number`: PWD and PACK, and Ultralight
    /// AES's key pages, read as 00.
    func readablePage(_ number: Int) -> [UInt8] {
        if number == product.passwordPage || number == product.passwordAcknowledgePage || product.hidesPage(number) {
            return [0, 0, 0, 0]
        }
        return page(number)
    }

    /// Stores 4 bytes at page `number`; `false` when ``memory`` is too short to hold it.
    mutating func store(_ bytes: [UInt8], atPage number: Int) -> Bool {
        guard bytes.count == 4, number * 4 + 4 <= memory.count else { return false }
        memory.replaceSubrange(number * 4..<number * 4 + 4, with: bytes)
        return true
    }

    /// AUTH0: the first page that needs PWD_AUTH; past the last page (e.g. FF) protection is
    /// off. Products without a password never need one.
    var firstProtectedPage: Int {
        guard let page = product.configurationPage else { return Int.max }
        return Int(self.page(page)[3])
    }

    /// The ACCESS byte (CFG1 byte 0); 00 for products without configuration pages.
    var accessByte: UInt8 {
        guard let page = product.configurationPage else { return 0 }
        return self.page(page + 1)[0]
    }

    /// Whether the ACCESS byte has all bits of `bit` set.
    func accessHas(_ bit: UInt8) -> Bool {
        accessByte & bit == bit
    }

    /// Whether reading page `number` needs PWD_AUTH first (PROT = 1 and page ≥ AUTH0).
    func readNeedsPassword(page number: Int) -> Bool {
        !isAuthenticated && accessHas(AccessBit.readProtection) && number >= firstProtectedPage
    }

    /// Whether writing page `number` needs PWD_AUTH first (page ≥ AUTH0).
    func writeNeedsPassword(page number: Int) -> Bool {
        !isAuthenticated && number >= firstProtectedPage
    }
}

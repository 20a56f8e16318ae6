/// libnfc `.mfd` dumps: every page from page 0, 4 bytes each, no header.
extension SimulatedTag {
    /// A tag whose memory is a libnfc `.mfd` dump of `product`.
    ///
    /// The image must be exactly ``TagProduct/mfdSize`` bytes (64 for plain Ultralight, 540
    /// for NTAG215). PWD and PACK are taken as stored. The signature is the test-key one when
    /// the dump's UID has one, 32 zero bytes otherwise.
    public init(product: TagProduct, mfd image: [UInt8]) throws(TagImageError) {
        guard image.count == product.mfdSize else {
            throw .wrongSize(product: product, expected: product.mfdSize, actual: image.count)
        }
        self.init(product: product, memory: image)
    }

    /// The memory as a libnfc `.mfd` dump, PWD and PACK as stored, for saving.
    public var mfdImage: [UInt8] { memory }
}

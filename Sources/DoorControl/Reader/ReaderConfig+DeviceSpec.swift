import PN532Reader

extension ReaderConfig {
    /// The device of `[reader]`: its `device`, with `baud` as the UART rate when given.
    ///
    /// - Throws: `DeviceSpecError` when `device` is not a device string.
    public func deviceSpec() throws(DeviceSpecError) -> DeviceSpec {
        let spec = try DeviceSpec.parse(device)
        // The loader has checked that baud goes with a UART and is a PN532 rate.
        guard let baud else { return spec }
        return spec.withRate(bitsPerSecond: baud) ?? spec
    }
}

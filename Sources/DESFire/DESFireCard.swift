import ISO7816
import NFCCore

/// A MIFARE DESFire seen through its native commands, ISO-wrapped (`90 INS 00 00 Lc data 00`,
/// answered `data 91 status`) over a `TagExchange`.
///
/// Every answer is checked: a status other than `91 00` is an error naming the command, an
/// ISO status word says the card is not a DESFire, and an answer chained with `91 AF` is
/// followed for at most ``maximumFrames`` frames.
public final class DESFireCard {
    /// How APDUs reach the card.
    public let exchange: any TagExchange

    /// The most frames one answer may take (`91 AF` chaining): GetApplicationIDs of 28
    /// applications takes 2, GetVersion 3.
    public static let maximumFrames = 8

    /// A DESFire over `exchange`.
    public init(exchange: any TagExchange) {
        self.exchange = exchange
    }

    /// Sends native command `instruction` with `data`, follows `91 AF` with `90 AF 00 00 00`,
    /// and returns the data of each frame.
    ///
    /// - Throws: `.exchange` when the exchange fails, `.notNative` for a status word that is
    ///   not `91 xx`, `.status` for a native error, `.endlessAnswer` past ``maximumFrames``.
    public func frames(_ instruction: UInt8, _ data: [UInt8] = [], step: String) throws(DESFireError) -> [[UInt8]] {
        var frames: [[UInt8]] = []
        var response = try transmit(instruction, data, step: step)
        while true {
            guard response.status.sw1 == 0x91 else { throw .notNative(response.status, step: step) }
            frames.append(response.data)
            let status = DESFireStatus(rawValue: response.status.sw2)
            if status == .ok { return frames }
            guard status == .additionalFrame else { throw .status(status, step: step) }
            guard frames.count < Self.maximumFrames else { throw .endlessAnswer(frames: frames.count, step: step) }
            response = try transmit(DESFireStatus.additionalFrame.rawValue, [], step: step)
        }
    }

    /// As ``frames(_:_:step:)``, the frames' data joined.
    public func command(_ instruction: UInt8, _ data: [UInt8] = [], step: String) throws(DESFireError) -> [UInt8] {
        try frames(instruction, data, step: step).flatMap { $0 }
    }

    /// One wrapped command and its response.
    private func transmit(_ instruction: UInt8, _ data: [UInt8], step: String) throws(DESFireError) -> ResponseAPDU {
        do throws(ISO7816Error) {
            let apdu = try CommandAPDU(class: 0x90, instruction: instruction, p1: 0x00, p2: 0x00, data: data, expectedLength: 256)
            return try exchange.exchange(apdu)
        } catch {
            throw .exchange(error, step: step)
        }
    }
}

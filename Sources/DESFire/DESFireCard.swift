import ISO7816
import NFCCore

/// A MIFARE DESFire seen through its native commands, ISO-wrapped (`90 INS 00 00 Lc data 00`,
/// answered `data 91 status`) over a `TagExchange`.
///
/// Every answer is checked: a status other than `91 00` is an error naming the command, an
/// ISO status word says the card is not a DESFire, and an answer chained with `91 AF` is
/// followed only as far as the command's answer can go (``maximumFrames`` at most).
public final class DESFireCard {
    /// How APDUs reach the card.
    public let exchange: any TagExchange

    /// The most frames any answer is followed for (`91 AF` chaining): GetApplicationIDs of
    /// 28 applications takes 2 (an EV2 has no limit on applications; 8 frames hold 152).
    public static let maximumFrames = 8

    /// A DESFire over `exchange`.
    public init(exchange: any TagExchange) {
        self.exchange = exchange
    }

    /// Sends native command `instruction` with `data`, follows `91 AF` with `90 AF 00 00 00`
    /// for at most `limit` frames in all, and returns the data of each frame.
    ///
    /// - Throws: `.exchange` when the exchange fails, `.notNative` for a status word that is
    ///   not `91 xx`, `.status` for a native error, `.endlessAnswer` past `limit` frames.
    public func frames(_ instruction: UInt8, _ data: [UInt8] = [], limit: Int = maximumFrames, step: String) throws(DESFireError) -> [[UInt8]] {
        var frames: [[UInt8]] = []
        var response = try transmit(instruction, data, step: step)
        while true {
            guard response.status.sw1 == 0x91 else { throw .notNative(response.status, step: step) }
            frames.append(response.data)
            let status = DESFireStatus(rawValue: response.status.sw2)
            if status == .ok { return frames }
            guard status == .additionalFrame else { throw .status(status, step: step) }
            guard frames.count < min(limit, Self.maximumFrames) else { throw .endlessAnswer(frames: frames.count, step: step) }
            response = try transmit(DESFireStatus.additionalFrame.rawValue, [], step: step)
        }
    }

    /// As ``frames(_:_:limit:step:)``, the frames' data joined.
    public func command(_ instruction: UInt8, _ data: [UInt8] = [], limit: Int = maximumFrames, step: String) throws(DESFireError) -> [UInt8] {
        try frames(instruction, data, limit: limit, step: step).flatMap { $0 }
    }

    /// Sends a native command that answers `91 00` and no data, in one frame.
    ///
    /// - Throws: as ``frames(_:_:limit:step:)``; `.endlessAnswer` for `91 AF`, which here
    ///   would be the card asking for more of a command that was sent whole;
    ///   `.malformedAnswer` for data in the answer.
    public func commandAnsweringNothing(_ instruction: UInt8, _ data: [UInt8] = [], step: String) throws(DESFireError) {
        let answer = try command(instruction, data, limit: 1, step: step)
        guard answer.isEmpty else { throw .malformedAnswer("\(answer.count) data bytes where none are answered", step: step) }
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

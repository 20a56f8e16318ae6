import DESFire
import ISO7816
import NFCCore

/// An NTAG 424 DNA, or a DESFire EV2/EV3 AES application, through its native commands
/// ISO-wrapped (`90 INS 00 00 Lc data 00`, answered `data 91 status`) over a `TagExchange`,
/// with EV2 secure messaging once authenticated.
///
/// Every command goes through ``transceive(_:header:data:mode:step:)``, which wraps it for
/// the session, checks the answer (status, MAC in constant time, padding) and counts it. Any
/// error ends the session, as it does on the card.
public final class EV2Card {
    /// How APDUs reach the card.
    public let exchange: any TagExchange
    /// The authenticated session; nil before an authentication and after any error.
    public internal(set) var session: EV2Session?

    /// The most data bytes of a wrapped command (Lc is one byte: short APDUs only).
    public static let maximumCommandData = 255
    /// The most answer bytes of a wrapped command, before its status word (Le `00`).
    public static let maximumAnswerData = 256

    /// A card over `exchange`, not authenticated.
    public init(exchange: any TagExchange) {
        self.exchange = exchange
    }

    /// Forgets the session (a new card, or a reselection).
    public func endSession() {
        session = nil
    }

    /// Sends native command `instruction` with `header` and `data`, protected by `mode` when a
    /// session is open (as they are when not), and returns the answer's data, checked and
    /// unprotected. The session's counter advances for every command the card accepts.
    ///
    /// - Throws: ``EV2Error``: `.counterExhausted` before sending; `.exchange`, `.notNative`,
    ///   `.status`, `.wrongMAC`, `.malformedAnswer`, each ending the session.
    public func transceive(_ instruction: UInt8, header: [UInt8] = [], data: [UInt8] = [], mode: CommunicationMode, step: String) throws(EV2Error) -> [UInt8] {
        guard let current = session else {
            guard mode == .plain else { throw .notAuthenticated(step: step) }
            return try send(instruction, header + data, step: step)
        }
        guard !current.isExhausted else {
            session = nil
            throw .counterExhausted(step: step)
        }
        let answer: [UInt8]
        do throws(EV2Error) {
            answer = try current.unwrap(
                try send(instruction, current.wrap(instruction: instruction, header: header, data: data, mode: mode), step: step),
                mode: mode, step: step)
        } catch {
            session = nil
            throw error
        }
        session?.advance()
        return answer
    }

    /// Sends a command whose success ends the session (ChangeKey of the key that
    /// authenticated): wrapped as `mode`, answered `91 00` with no data and no MAC.
    func transceiveEndingSession(_ instruction: UInt8, header: [UInt8], data: [UInt8], mode: CommunicationMode, step: String) throws(EV2Error) {
        guard let current = session else { throw .notAuthenticated(step: step) }
        session = nil
        guard !current.isExhausted else { throw .counterExhausted(step: step) }
        let answer = try send(instruction, current.wrap(instruction: instruction, header: header, data: data, mode: mode), step: step)
        guard answer.isEmpty else { throw .malformedAnswer("\(answer.count) bytes where the card answers none", step: step) }
    }

    /// One wrapped command; the data of its `91 00` answer.
    func send(_ instruction: UInt8, _ data: [UInt8], step: String) throws(EV2Error) -> [UInt8] {
        let response = try transmit(instruction, data, step: step)
        let status = DESFireStatus(rawValue: response.status.sw2)
        guard status == .ok else { throw .status(status, step: step) }
        return response.data
    }

    /// One wrapped command and its response, any native status; an ISO status word is an error.
    func transmit(_ instruction: UInt8, _ data: [UInt8], step: String) throws(EV2Error) -> ResponseAPDU {
        guard data.count <= Self.maximumCommandData else {
            throw .invalidArgument("\(data.count) command bytes, a short APDU carries at most \(Self.maximumCommandData)", step: step)
        }
        let response: ResponseAPDU
        do throws(ISO7816Error) {
            let apdu = try CommandAPDU(class: 0x90, instruction: instruction, p1: 0x00, p2: 0x00, data: data, expectedLength: Self.maximumAnswerData)
            response = try exchange.exchange(apdu)
        } catch {
            session = nil
            throw .exchange(error, step: step)
        }
        guard response.status.sw1 == 0x91 else {
            session = nil
            throw .notNative(response.status, step: step)
        }
        if DESFireStatus(rawValue: response.status.sw2) != .ok && DESFireStatus(rawValue: response.status.sw2) != .additionalFrame {
            session = nil
        }
        return response
    }
}

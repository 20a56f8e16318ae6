import Credentials
@testable import EV2SecureMessaging
import TestSupport

/// A session of a vector's keys, TI and counter.
func session(enc: String, mac: String, ti: String, counter: UInt16, keyNumber: UInt8 = 0) -> EV2Session {
    EV2Session(keyNumber: keyNumber, transactionIdentifier: hex(ti), encryptionKey: AESKey(hex(enc))!, macKey: AESKey(hex(mac))!, commandCounter: counter)
}

/// A card over `script`, in `session` when given.
func card(_ script: ScriptedExchange, in session: EV2Session? = nil) -> EV2Card {
    let card = EV2Card(exchange: script)
    card.session = session
    return card
}

/// The all-zero key of the reference's vectors.
let zeroKey = AESKey.factoryDefault

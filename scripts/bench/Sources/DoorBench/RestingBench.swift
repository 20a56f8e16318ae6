import Basics
import DoorControl
import PN532Simulator

/// A credential arriving while a card of another family (or a phone) rests on the reader:
/// tag in the field → relay energised for a UID rule at 115200, median and worst over 50
/// phases. Before the presence round listed every family, the credential waited until the
/// resting card left. Modelled on the in-process simulator's virtual clock.
struct RestingBench {
    struct Row {
        var credential: String
        var resting: String
        var median: Duration
        var worst: Duration
    }

    static func run() throws -> [Row] {
        let ntag: [UInt8] = [0x04, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66]
        let idm: [UInt8] = [0x01, 0x2E, 0x4C, 0xF1, 0x00, 0x00, 0x00, 0x01]
        let credentialA = ("NTAG213 (type A)", SimulatedTag(product: .ntag213, uid: ntag), ntag)
        let credentialF = ("FeliCa Lite-S", SimulatedTag(product: .felicaLiteS, uid: idm), idm)
        let cases: [((String, SimulatedTag, [UInt8]), String, SimulatedTag)] = [
            (credentialA, "FeliCa Lite-S", SimulatedTag(product: .felicaLiteS, uid: [0x01, 0x2E, 0x4C, 0xF1, 0x00, 0x00, 0x00, 0x99])),
            (credentialA, "type B card", SimulatedTag(product: .typeB, uid: [0xB0, 0x14, 0x44, 0x3B])),
            (credentialA, "Topaz 512", SimulatedTag(product: .topaz512, uid: [0x11, 0x22, 0x33, 0x44, 0x00, 0x00, 0x00])),
            (credentialA, "phone", SimulatedTag(product: .phone, uid: [])),
            (credentialF, "NTAG213 (type A)", SimulatedTag(product: .ntag213, uid: [0x04, 0x99, 0x88, 0x77, 0x66, 0x55, 0x44])),
        ]
        return try cases.map { credential, restingName, resting in
            let latencies = try PhaseBench.latencies(
                of: credential.1, decider: UIDDecider(uid: credential.2), readsMessage: false, resting: resting,
                name: "\(credential.0) while a \(restingName) rests")
            return Row(credential: credential.0, resting: restingName, median: latencies[latencies.count / 2], worst: latencies[latencies.count - 1])
        }
    }
}

import Foundation
import Testing

/// `door run` with its reader on the simulated SPI bus.
@Suite("pn532ctl door run over sim-spi", .serialized)
struct DoorRunOverSPITests {
    @Test func grantsAlicePresentedOnTheSimulatedSPIReader() throws {
        let scene = try DoorScene(pulse: 1)
        scene.readerDevice = "sim-spi:ntag213:uid=\(DoorScene.alice)"
        try scene.writeConfig(pulse: 1, users: DoorScene.aliceOnly)
        try scene.start()
        #expect(try scene.log(until: "granted 04:A1:A1:A1:A1:A1:A1").last?.contains("user alice") == true)
        try scene.log(until: "relay energised (unlocked): granted alice")
        try scene.log(until: "relay released (locked): pulse ended")
        #expect(try scene.relay() == "0")
    }
}

import PN532ReaderSimulator
import Testing
import TestSupport
@testable import NFCReader

/// The reader Core NFC's initialisers open: the configured one, never silently a simulator;
/// the simulator only when the program asks for it as the fallback. The environment is a
/// dictionary here, not the process's.
@Suite("NFCReaderDevice.configured")
struct NFCReaderDeviceTests {
    private static let nothingConfigured: @Sendable (String) -> String? = { name in
        name == "PN532CTL_DEVICE_FILE" ? "/nonexistent/pn532ctl/device" : nil
    }

    @Test func nothingConfiguredEndsTheSessionNamingWhatToSet() {
        #expect {
            _ = try NFCReaderDevice.configured(environment: Self.nothingConfigured).open()
        } throws: { error in
            guard let error = error as? NFCReaderError else { return false }
            return error.code == .readerErrorInvalidParameter && error.localizedDescription.contains("PN532_DEVICE")
        }
    }

    @Test func theFallbackIsOpenedWhenNothingIsConfigured() throws {
        SimulatorKind.register()
        let reader = try NFCReaderDevice.configured(fallback: "sim", environment: Self.nothingConfigured).open()
        #expect(reader.spec.description == "sim")
    }

    @Test func theConfiguredReaderWinsOverTheFallback() throws {
        SimulatorKind.register()
        let reader = try NFCReaderDevice.configured(fallback: "sim", environment: { $0 == "PN532_DEVICE" ? "sim:ultralight" : nil }).open()
        #expect(reader.spec.description == "sim:ultralight")
    }
}

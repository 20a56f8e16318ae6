import MQTTClient
import Testing

@Suite("libmosquitto loading")
struct MQTTLibraryTests {
    /// A missing library names itself and says what to install.
    @Test func aMissingLibraryGivesTheInstallHint() {
        #expect {
            try MQTTLibrary.load("libmosquitto-absent.so.9")
        } throws: { error in
            guard case .libraryMissing(let library, _) = error as? MQTTError else { return false }
            return library == "libmosquitto-absent.so.9"
                && "\(error)".contains("install libmosquitto1: apt install libmosquitto1")
        }
    }

    /// A library that opens but lacks libmosquitto's functions names the first missing one.
    @Test func aForeignLibraryNamesTheMissingSymbol() {
        #expect {
            try MQTTLibrary.load("libz.so.1")
        } throws: { error in
            guard case .symbolMissing(let symbol, let library) = error as? MQTTError else { return false }
            return symbol == "mosquitto_lib_init" && library == "libz.so.1"
        }
    }
}

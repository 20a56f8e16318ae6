import CLinux

/// libmosquitto, opened with dlopen at first use: building needs no -dev package, and a process
/// that never connects (the door) maps neither libmosquitto nor libssl.
package struct MQTTLibrary: @unchecked Sendable {
    /// Debian's libmosquitto1 (2.0).
    package static let defaultName = "libmosquitto.so.1"

    /// The library's functions; loaded libraries stay loaded for the process's life.
    let api: UnsafePointer<clinux_mosquitto_api>
    /// The name it was opened by.
    package let name: String

    /// Opens `name` (once per process and name) and resolves the functions this client uses.
    /// - Throws: `.libraryMissing` or `.symbolMissing`, saying what to install.
    package static func load(_ name: String = defaultName) throws(MQTTError) -> MQTTLibrary {
        var missing = [CChar](repeating: 0, count: 256)
        var detail = [CChar](repeating: 0, count: 512)
        let table = clinux_mosquitto_load(name, &missing, missing.count, &detail, detail.count)
        guard let table else {
            let missingText = String(decoding: missing.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let detailText = String(decoding: detail.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if missingText == name { throw .libraryMissing(library: name, detail: detailText) }
            throw .symbolMissing(symbol: missingText, library: name)
        }
        return MQTTLibrary(api: table, name: name)
    }

    /// libmosquitto's text for an error code.
    func text(ofError code: Int32) -> String {
        guard let strerror = api.pointee.strerror, let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }

    /// The meaning of a CONNACK code (MQTT 3.1.1 codes 1-5, MQTT 5 reason codes 128 and up).
    func text(ofConnack code: Int32) -> String {
        let function = code >= 128 ? api.pointee.reason_string : api.pointee.connack_string
        guard let function, let text = function(code) else { return "code \(code)" }
        return String(cString: text)
    }
}

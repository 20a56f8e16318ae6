import FuzzSupport
import PN532Reader
import PN532ReaderSimulator

/// libFuzzer entry point for the `--device` / `PN532_DEVICE` / `[reader] device` parser, with
/// the simulator's strings registered as the executable registers them, and for the reader
/// setting file (`/etc/pn532ctl/device`) that holds one such string.
///
/// The input is first read as a setting file: no trap; a line it gives is non-empty, one
/// line, trimmed and not a comment, and is parsed as a device below too. Then the input is
/// the device string (bytes that are not UTF-8 are replaced). Invariants: no
/// trap; a refusal's message starts with the string; a device that parses prints (`description`) as a string that
/// parses to the same device, unless its path holds a `:` scalar (which `uart:PATH:BAUD` cannot
/// carry; such a path is only reachable as `/PATH`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDeviceString(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    SimulatorKind.register()
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let line = try? DeviceSettingFile.deviceLine(in: bytes) {
        let scalars = Array(line.unicodeScalars)
        let blank: Set<Unicode.Scalar> = [" ", "\t", "\r"]
        require(!scalars.isEmpty && !scalars.contains("\n") && scalars.first != "#", "a setting line that is empty, two lines or a comment: \(line)")
        let trimmed = scalars.first.map { !blank.contains($0) } == true && scalars.last.map { !blank.contains($0) } == true
        require(trimmed, "an untrimmed setting line: \(line)")
        _ = try? DeviceSpec.parse(line)
    }
    let text = String(decoding: bytes, as: UTF8.self)
    let spec: DeviceSpec
    do throws(DeviceSpecError) { spec = try DeviceSpec.parse(text) } catch {
        let named = "\(error)".unicodeScalars.starts(with: (text + ": ").unicodeScalars)
        require(named, "a refusal that does not start with the string: \(error)")
        return 0
    }
    if case .uart(let path, _) = spec, path.unicodeScalars.contains(":") { return 0 }
    let again = try? DeviceSpec.parse(spec.description)
    require(again == spec, "\(text) parses as \(spec), printed \(spec.description), which parses as \(String(describing: again))")
    return 0
}

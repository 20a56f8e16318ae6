import Credentials
import EV2SecureMessaging
import NDEF

/// The NDEF file `ntag424 provision` writes, from a URL template with SUN placeholders, and
/// the SDM settings that make the card fill them on every unauthenticated read.
///
/// Placeholders: `{picc}` (32 hex digits: encrypted PICCData, UID and SDMReadCtr, under key 2),
/// `{mac}` (16 hex digits: SDMMAC, under key 1's session key), and optionally `{enc}` (32 hex
/// digits: the 16 bytes of `fileData`, encrypted under key 1's session key). `{mac}` comes
/// after the others. The SDMMAC covers the file from `{enc}` up to `{mac}` when there is an
/// `{enc}`, and nothing otherwise: AN12196's defaults, so that
/// `https://example.com/sun?e={picc}&c={mac}` is NXP's `e`/`c` layout and
/// `…?picc_data={picc}&enc={enc}&cmac={mac}` its `picc_data`/`enc`/`cmac` one.
///
/// Each placeholder is the value of a URL query parameter (`NAME={picc}` after `?` or `&`): the
/// names make the ``layout`` the shared SUN verifier (`pn532ctl sun verify`) reads. The file
/// is `NLEN (2) ‖ one URI record`; each placeholder's offset is counted from the start of the
/// file, NLEN included, after the record's URI prefix code (`https://` is one byte).
public struct NTAG424SUNTemplate: Equatable, Sendable {
    /// The NDEF file's size on an NTAG 424 DNA.
    public static let fileSize = 256
    /// The plain file data `{enc}` holds: 16 bytes (the placeholder's first half).
    public static let fileDataLength = 16

    /// The template as given.
    public let template: String
    /// The NDEF file's bytes as written: NLEN, the record, placeholders filled with `0`
    /// (`{enc}`: the file data, zero-padded, then `0`s).
    public let fileImage: [UInt8]
    /// The NDEF message's length (NLEN).
    public let messageLength: Int
    /// Offset of `{picc}`'s 32 digits.
    public let piccDataOffset: Int
    /// Offset of `{enc}`'s 32 digits; nil without `{enc}`.
    public let encryptionOffset: Int?
    /// Offset of `{mac}`'s 16 digits.
    public let macOffset: Int
    /// The 16 bytes `{enc}` encrypts; nil without `{enc}`.
    public let fileData: [UInt8]?
    /// The query parameters that hold the placeholders, as the SUN verifier reads them.
    public let layout: SUNLayout

    /// Where the SDMMAC's input starts: `{enc}`, or `{mac}` itself (an empty input).
    public var macInputOffset: Int { encryptionOffset ?? macOffset }

    /// Why a template cannot be used.
    public enum Problem: Error, Equatable, Sendable, CustomStringConvertible {
        case unclosedBrace
        case unknownPlaceholder(String)
        case notAParameter(String)
        case missing(String)
        case repeated(String)
        case macNotLast
        case encWithoutData
        case dataWithoutEnc
        case fileDataTooLong(Int)
        case tooLong(Int)

        public var description: String {
            switch self {
            case .unclosedBrace: "a '{' is not closed"
            case .unknownPlaceholder(let name): "unknown placeholder {\(name)} (use {picc}, {mac} and optionally {enc})"
            case .notAParameter(let name): "{\(name)} is not the value of a query parameter (write ?NAME={\(name)} or &NAME={\(name)})"
            case .missing(let name): "no {\(name)}: a SUN URL needs {picc} and {mac}"
            case .repeated(let name): "{\(name)} appears more than once"
            case .macNotLast: "{mac} must come after {picc} and {enc} (the MAC covers what comes before it)"
            case .encWithoutData: "{enc} needs --file-data TEXT (the 16 bytes it encrypts)"
            case .dataWithoutEnc: "--file-data needs an {enc} placeholder in the URL"
            case .fileDataTooLong(let count): "--file-data is \(count) bytes; {enc} encrypts at most \(NTAG424SUNTemplate.fileDataLength)"
            case .tooLong(let count): "the NDEF file would be \(count) bytes; an NTAG 424 DNA's holds \(NTAG424SUNTemplate.fileSize)"
            }
        }
    }

    /// The file for `template` and `fileData` (for `{enc}`, 1 … 16 bytes, zero-padded).
    ///
    /// - Throws: ``Problem`` for a template or data that cannot make a SUN file.
    public init(_ template: String, fileData: [UInt8]? = nil) throws(Problem) {
        let lengths = ["picc": 32, "mac": 16, "enc": 32]
        var url: [UInt8] = []
        var positions: [String: Int] = [:]
        var parameters: [String: String] = [:]
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            url += Array(rest[..<open].utf8)
            guard let close = rest[open...].firstIndex(of: "}") else { throw .unclosedBrace }
            let name = String(rest[rest.index(after: open)..<close])
            guard let length = lengths[name] else { throw .unknownPlaceholder(name) }
            guard positions[name] == nil else { throw .repeated(name) }
            guard let parameter = Self.parameterName(before: url) else { throw .notAParameter(name) }
            parameters[name] = parameter
            positions[name] = url.count
            url += name == "enc" ? Self.encFiller(fileData ?? []) : [UInt8](repeating: 0x30, count: length)
            rest = rest[rest.index(after: close)...]
        }
        url += Array(rest.utf8)
        guard let picc = positions["picc"] else { throw .missing("picc") }
        guard let mac = positions["mac"] else { throw .missing("mac") }
        let enc = positions["enc"]
        guard mac > picc, mac > (enc ?? 0) else { throw .macNotLast }
        if let fileData {
            guard enc != nil else { throw .dataWithoutEnc }
            guard (1...Self.fileDataLength).contains(fileData.count) else { throw .fileDataTooLong(fileData.count) }
        } else if enc != nil {
            throw .encWithoutData
        }
        let record = NDEFRecord.uri(String(decoding: url, as: UTF8.self))
        let message = NDEFMessage(records: [record]).encoded()
        let fileLength = 2 + message.count
        guard fileLength <= Self.fileSize else { throw .tooLong(fileLength) }
        let uriStart = fileLength - (record.payload.count - 1)
        let prefixLength = url.count - (record.payload.count - 1)
        func offset(_ position: Int) -> Int { uriStart + position - prefixLength }
        self.template = template
        self.fileImage = [UInt8(message.count >> 8), UInt8(message.count & 0xFF)] + message
        self.messageLength = message.count
        self.piccDataOffset = offset(picc)
        self.macOffset = offset(mac)
        self.encryptionOffset = enc.map(offset)
        self.fileData = fileData.map { $0 + [UInt8](repeating: 0, count: Self.fileDataLength - $0.count) }
        self.layout = SUNLayout(piccData: parameters["picc"] ?? "", fileData: parameters["enc"], mac: parameters["mac"] ?? "", macInput: .automatic)
    }

    /// The name of the query parameter whose value starts at the end of `url` (`…?NAME=` or
    /// `…&NAME=`); nil when the URL does not end so.
    private static func parameterName(before url: [UInt8]) -> String? {
        guard url.last == UInt8(ascii: "="), let start = url.dropLast().lastIndex(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "&") })
        else { return nil }
        let name = url[(start + 1)..<(url.count - 1)]
        guard !name.isEmpty, !name.contains(where: { [UInt8(ascii: "="), UInt8(ascii: "#"), UInt8(ascii: "/")].contains($0) }) else { return nil }
        return String(decoding: name, as: UTF8.self)
    }

    /// `{enc}`'s 32 bytes as written: the data, zero-padded to 16, then 16 `0`s.
    private static func encFiller(_ data: [UInt8]) -> [UInt8] {
        Array(data.prefix(fileDataLength)) + [UInt8](repeating: 0, count: max(0, fileDataLength - data.count))
            + [UInt8](repeating: 0x30, count: fileDataLength)
    }

    /// The NDEF file's settings for this template: plain, read free, written with key 3 (write
    /// and read-write), changed with key 0; SDM mirroring UID and SDMReadCtr as encrypted
    /// PICCData under key 2, SDMMAC (and `{enc}`) under key 1, the counter retrievable with key 1.
    public func fileSettings(size: Int = fileSize) -> EV2FileSettings {
        let sdm = SDMSettings(
            mirrorsUID: true, mirrorsReadCounter: true, encryptsFileData: encryptionOffset != nil,
            accessRights: EV2AccessRights(read: NTAG424Keys.sdmMetaRead, write: NTAG424Keys.sdmFileRead, readWrite: 0x0F, change: NTAG424Keys.sdmFileRead),
            piccDataOffset: piccDataOffset, macInputOffset: macInputOffset, encryptionOffset: encryptionOffset,
            encryptionLength: encryptionOffset == nil ? nil : 2 * Self.fileDataLength, macOffset: macOffset)
        return EV2FileSettings(
            communicationMode: .plain,
            accessRights: EV2AccessRights(
                read: EV2AccessRights.free, write: NTAG424Keys.ndefWrite, readWrite: NTAG424Keys.ndefWrite, change: NTAG424Keys.applicationMaster),
            size: size, sdm: sdm)
    }
}

import Basics
import NFCCore
import PN532Simulator

extension TagSpec {
    /// The options a specification may carry.
    public static let optionNames = ["uid", "sig", "image", "keys", "master"]

    /// Parses `product[:option=value]…`.
    ///
    /// Product names and option names are case-insensitive. `uid=` takes the product's
    /// ``TagProduct/uidLength`` bytes of hex (7 for Type 2, DESFire and Topaz, 4 for MIFARE
    /// Classic and the Type B card's PUPI, the 8-byte IDm for FeliCa; a phone's UID is random
    /// and cannot be given); a Type A UID may not have the cascade tag 88 in byte 0 (nor in
    /// byte 3 of 7); `sig=` takes 32 bytes of hex (56 for `ntag424`, `desfire-ev2` and
    /// `desfire-ev3`, 48 for `ultralight-aes`) and needs a product with READ_SIG; `keys=`
    /// (`ntag424`, `desfire-ev2`, `desfire-ev3`, `ultralight-aes`) takes `test`
    /// (``SimulatedTag/ntag424Keyed(uid:)``, ``SimulatedTag/desfireEV2Keyed(product:uid:)``,
    /// ``SimulatedTag/ultralightAESKeyed(uid:master:)``) or `clone` (that card's
    /// ``SimulatedTag/ntag424Clone()``, ``SimulatedTag/desfireEV2Clone()``,
    /// ``SimulatedTag/ultralightAESClone()``); `master=` (`ultralight-aes` only, 16 bytes of
    /// hex) keys the card with its AN10922 diversification and implies `keys=test`; `image=`
    /// names a `.mfd` file (its path cannot contain `:`), needs a Type 2 or MIFARE Classic
    /// product and cannot be combined with `uid=` or `blank`, since the image holds the UID
    /// and the memory.
    public static func parse(_ text: String) throws(TagSpecError) -> TagSpec {
        let fields = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        let name = fields[0].lowercased()
        guard !name.isEmpty else { throw TagSpecError(spec: text, reason: .empty) }
        var spec: TagSpec
        if name == "blank" {
            spec = TagSpec(product: .ultralight, memory: .blank)
        } else if let product = TagProduct(rawValue: name) {
            spec = TagSpec(product: product)
        } else {
            throw TagSpecError(spec: text, reason: .unknownProduct(fields[0]))
        }
        var seen: Set<String> = []
        for field in fields.dropFirst() {
            let (option, value) = try optionAndValue(field, spec: text)
            guard seen.insert(option).inserted else {
                throw TagSpecError(spec: text, reason: .duplicateOption(option))
            }
            try spec.apply(option: option, value: value, spec: text)
        }
        return spec
    }

    /// Splits `name=value`, lower-casing the name.
    private static func optionAndValue(
        _ field: String, spec: String
    ) throws(TagSpecError) -> (String, String) {
        guard let equals = field.firstIndex(of: "=") else {
            let option = field.lowercased()
            let reason: TagSpecError.Reason =
                optionNames.contains(option) ? .missingValue(option: option) : .unknownOption(field)
            throw TagSpecError(spec: spec, reason: reason)
        }
        let option = field[..<equals].lowercased()
        let value = String(field[field.index(after: equals)...])
        guard optionNames.contains(option) else {
            throw TagSpecError(spec: spec, reason: .unknownOption(option))
        }
        guard !value.isEmpty else {
            throw TagSpecError(spec: spec, reason: .missingValue(option: option))
        }
        return (option, value)
    }

    /// Checks one option's value and records it.
    private mutating func apply(option: String, value: String, spec text: String) throws(TagSpecError) {
        switch option {
        case "uid":
            if imagePath != nil {
                throw TagSpecError(spec: text, reason: .conflictingOptions("image", "uid"))
            }
            guard product.acceptsUID else {
                throw TagSpecError(spec: text, reason: .unsupportedOption(option: option, product: product))
            }
            let bytes = try Self.hexBytes(value, option: option, count: product.uidLength, spec: text)
            let cascadePositions = !product.family.isTypeA ? [] : bytes.count == 7 ? [0, 3] : [0]
            for index in cascadePositions where bytes[index] == 0x88 {
                throw TagSpecError(spec: text, reason: .cascadeTagInUID(byteIndex: index))
            }
            uid = bytes
        case "sig":
            guard product.supportsReadSignature || product == .ntag424 || product.isDESFireEV2 else {
                throw TagSpecError(spec: text, reason: .unsupportedOption(option: option, product: product))
            }
            signature = try Self.hexBytes(
                value, option: option, count: product == .ntag424 || product.isDESFireEV2 ? 56 : product.signatureLength, spec: text)
        case "master":
            guard product == .ultralightAES else {
                throw TagSpecError(spec: text, reason: .unsupportedOption(option: option, product: product))
            }
            if imagePath != nil { throw TagSpecError(spec: text, reason: .conflictingOptions("image", "master")) }
            masterKey = try Self.hexBytes(value, option: option, count: 16, spec: text)
        case "keys":
            guard product == .ntag424 || product.isDESFireEV2 || product == .ultralightAES else {
                throw TagSpecError(spec: text, reason: .unsupportedOption(option: option, product: product))
            }
            if imagePath != nil { throw TagSpecError(spec: text, reason: .conflictingOptions("image", "keys")) }
            guard let keys = NTAG424Keys(rawValue: value.lowercased()) else {
                throw TagSpecError(spec: text, reason: .unknownValue(option: option, value: value))
            }
            ntag424Keys = keys
        default:
            guard product.acceptsImage else {
                throw TagSpecError(spec: text, reason: .unsupportedOption(option: option, product: product))
            }
            if memory == .blank {
                throw TagSpecError(spec: text, reason: .conflictingOptions("blank", "image"))
            }
            if uid != nil {
                throw TagSpecError(spec: text, reason: .conflictingOptions("uid", "image"))
            }
            if ntag424Keys != nil || masterKey != nil {
                throw TagSpecError(spec: text, reason: .conflictingOptions(ntag424Keys != nil ? "keys" : "master", "image"))
            }
            memory = .image(path: value)
        }
    }

    /// Exactly `count` bytes from hex digits.
    private static func hexBytes(
        _ value: String, option: String, count: Int, spec: String
    ) throws(TagSpecError) -> [UInt8] {
        guard let bytes = Hex.bytes(value) else {
            throw TagSpecError(spec: spec, reason: .invalidHex(option: option, value: value))
        }
        guard bytes.count == count else {
            let reason = TagSpecError.Reason.wrongLength(option: option, expected: count, actual: bytes.count)
            throw TagSpecError(spec: spec, reason: reason)
        }
        return bytes
    }
}

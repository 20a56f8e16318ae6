import Basics
import NDEF
import NFCCore
import Type2

/// What each page of a Type 2 tag holds, for `dump`.
struct PageNotes {
    let product: Type2Product
    let bytes: [UInt8]
    private var tlvNotes: [Int: String] = [:]

    init(product: Type2Product, bytes: [UInt8]) {
        self.product = product
        self.bytes = bytes
        let area = Array(bytes[16..<product.userMemoryEnd * 4])
        for block in (try? Type2DataArea.blocks(in: area, mode: .lenient)) ?? [] {
            let page = 4 + block.offset / 4
            let text: String
            switch block.tag {
            case .ndefMessage: text = "NDEF Message TLV, \(block.value.count) bytes"
            case .terminator: text = "Terminator TLV"
            case .lockControl: text = "Lock Control TLV"
            case .memoryControl: text = "Memory Control TLV"
            case .proprietary: text = "Proprietary TLV"
            case .null, .undefined: continue
            }
            tlvNotes[page, default: ""] += (tlvNotes[page] == nil ? "" : "; ") + text
        }
    }

    /// The annotation for `page`.
    func note(for page: Int) -> String {
        let configuration = product.configurationPage
        switch page {
        case 0: return "UID 0-2, check byte 0"
        case 1: return "UID 3-6"
        case 2: return "check byte 1, internal, static lock bytes \(Hex.encode(bytes[10..<12]))"
        case 3: return "Capability Container"
        case product.dynamicLockPage: return "dynamic lock bytes"
        case configuration: return "CFG0: AUTH0 \(Hex.encode([bytes[page * 4 + 3]]))"
        case configuration.map({ $0 + 1 }): return "CFG1: ACCESS \(Hex.encode([bytes[page * 4]]))"
        case configuration.map({ $0 + 2 }): return "PWD (reads as 00)"
        case configuration.map({ $0 + 3 }): return "PACK (reads as 00)"
        case 4..<product.userMemoryEnd: return tlvNotes[page] ?? "user data"
        default: return ""
        }
    }
}

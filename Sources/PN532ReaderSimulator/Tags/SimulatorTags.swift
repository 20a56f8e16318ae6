import NDEF
import PN532
import PN532Simulator

/// The tags the in-process simulator starts with.
public enum SimulatorTags {
    /// The URI on the default simulated tag.
    public static let defaultURI = "https://github.com/pn532ctl/pn532ctl"

    /// The tags for `specs`; with none, one NTAG215 holding a URI record (what a newcomer
    /// running `--device sim` sees).
    public static func make(_ specs: [TagSpec]) throws(PN532Error) -> [SimulatedTag] {
        guard !specs.isEmpty else { return [defaultTag()] }
        var tags: [SimulatedTag] = []
        for spec in specs {
            do throws(TagImageError) {
                tags.append(try spec.makeTag())
            } catch {
                throw PN532Error(.link(LinkError(.open, device: "sim", operation: "load \(spec): \(error)")), command: nil, device: "sim")
            }
        }
        return tags
    }

    /// An NTAG215 whose data area holds an NDEF message with one URI record.
    public static func defaultTag() -> SimulatedTag {
        var tag = SimulatedTag(product: .ntag215)
        // The NDEF Message TLV and the Terminator TLV, written here from the Type 2 format
        // rather than by the host's Type 2 layer, which the simulator checks.
        let message = NDEFMessage(records: [.uri(defaultURI)]).encoded()
        let tlv: [UInt8] = [0x03, UInt8(message.count)] + message + [0xFE]
        tag.memory.replaceSubrange(16..<16 + tlv.count, with: tlv)
        return tag
    }
}

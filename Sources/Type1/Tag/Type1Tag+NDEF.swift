import NDEF
import TagProtocols

extension Type1Tag {
    /// Whether the tag holds NDEF and may be written, and the largest message it can hold.
    ///
    /// A tag whose CC is not an NDEF CC is `notSupported`; a tag whose NDEF write was torn
    /// (NMN 00) is writable with no message (`hasNDEFTLV` false).
    ///
    /// - Throws: the exchange's failure, and a layout that is not valid (a control TLV outside
    ///   memory, an NDEF length past the data area).
    public func queryNDEFStatus() throws(Type1Error) -> NDEFStatusReport {
        let layout: Type1Layout
        do { layout = try readLayout().layout } catch {
            switch error {
            case .notFormatted, .invalidMemorySize: return NDEFStatusReport(status: .notSupported, capacity: 0)
            default: throw error
            }
        }
        let cc = layout.capabilityContainer
        let status: NDEFStatus = cc.isWritable ? .readWrite : .readOnly
        return NDEFStatusReport(status: status, capacity: layout.capacity, hasNDEFTLV: !cc.isInvalidated && layout.messageBytes != nil)
    }

    /// The tag's NDEF message, decoded in `mode`.
    ///
    /// - Throws: `.notFormatted`, `.invalidated` (a torn write), `.invalidTLV`
    ///   (`noNDEFMessageTLV` when there is none), `.invalidNDEF`, the layout's errors.
    public func readNDEF(mode: DecodingMode = .strict) throws(Type1Error) -> NDEFMessage {
        let layout = try readLayout().layout
        guard !layout.capabilityContainer.isInvalidated else { throw .invalidated }
        guard layout.capabilityContainer.isReadable else { throw .notFormatted(layout.capabilityContainer) }
        guard let bytes = layout.messageBytes else {
            throw .invalidTLV(NDEFError(offset: Type1Layout.dataStart, reason: .noNDEFMessageTLV))
        }
        if bytes.isEmpty { return .empty }
        do { return try NDEFMessage(decoding: bytes, mode: mode) } catch { throw .invalidNDEF(error) }
    }
}

import NDEF
import TagProtocols

/// A Type 1 tag's NDEF for callers that do not know the tag type: its own NDEF methods, their
/// `Type1Error` given as a ``TagFailure``.
extension Type1Tag: NDEFTag {
    public func ndefStatus() throws(TagFailure) -> NDEFStatusReport {
        do throws(Type1Error) { return try queryNDEFStatus() } catch { throw error.tagFailure }
    }

    public func readNDEFMessage(mode: DecodingMode) throws(TagFailure) -> NDEFMessage {
        do throws(Type1Error) { return try readNDEF(mode: mode) } catch { throw error.tagFailure }
    }

    public func writeNDEFMessage(_ message: NDEFMessage, verify: Bool) throws(TagFailure) {
        do throws(Type1Error) { try writeNDEF(message, verify: verify) } catch { throw error.tagFailure }
    }

    public func writeLock() throws(TagFailure) {
        do throws(Type1Error) { try lock() } catch { throw error.tagFailure }
    }
}

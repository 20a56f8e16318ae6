import NDEF
import TagProtocols

/// A Type 2 tag's NDEF for callers that do not know the tag type: its own NDEF methods, their
/// `Type2Error` given as a ``TagFailure``.
extension Type2Tag: NDEFTag {
    public func ndefStatus() throws(TagFailure) -> NDEFStatusReport {
        do throws(Type2Error) { return try queryNDEFStatus() } catch { throw error.tagFailure }
    }

    public func readNDEFMessage(mode: DecodingMode) throws(TagFailure) -> NDEFMessage {
        do throws(Type2Error) { return try readNDEF(mode: mode) } catch { throw error.tagFailure }
    }

    public func writeNDEFMessage(_ message: NDEFMessage, verify: Bool) throws(TagFailure) {
        do throws(Type2Error) { try writeNDEF(message, verify: verify) } catch { throw error.tagFailure }
    }

    /// `updateNDEF(_:)`: in place when the length is unchanged.
    public func updateNDEFMessage(_ message: NDEFMessage) throws(TagFailure) {
        do throws(Type2Error) { try updateNDEF(message) } catch { throw error.tagFailure }
    }

    public func writeLock() throws(TagFailure) {
        do throws(Type2Error) { try lock() } catch { throw error.tagFailure }
    }
}

/// A Type 2 tag's READ_SIG for callers that do not know the tag type.
extension Type2Tag: OriginalitySignedTag {
    public func readOriginalitySignature() throws(TagFailure) -> [UInt8] {
        do throws(Type2Error) { return try readSignature() } catch { throw error.tagFailure }
    }
}

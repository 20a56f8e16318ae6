import NDEF
import TagProtocols

/// A Type 2 tag's NDEF for callers that do not know the tag type: its own NDEF methods, their
/// `Type2Error` given as a ``TagFault``.
extension Type2Tag: NDEFTag {
    public func ndefStatus() throws(TagFault) -> NDEFStatusReport {
        do throws(Type2Error) { return try queryNDEFStatus() } catch { throw error.fault }
    }

    public func readNDEFMessage(mode: DecodingMode) throws(TagFault) -> NDEFMessage {
        do throws(Type2Error) { return try readNDEF(mode: mode) } catch { throw error.fault }
    }

    public func writeNDEFMessage(_ message: NDEFMessage, verify: Bool) throws(TagFault) {
        do throws(Type2Error) { try writeNDEF(message, verify: verify) } catch { throw error.fault }
    }

    /// `updateNDEF(_:)`: in place when the length is unchanged.
    public func updateNDEFMessage(_ message: NDEFMessage) throws(TagFault) {
        do throws(Type2Error) { try updateNDEF(message) } catch { throw error.fault }
    }

    public func writeLock() throws(TagFault) {
        do throws(Type2Error) { try lock() } catch { throw error.fault }
    }
}

#if canImport(Glibc)
import Glibc
#endif

/// The scratch files of the Type 2 pty runs, in the simulator's temporary directory.
struct Type2RunFiles {
    /// The NDEF message `pn532ctl write --message` writes.
    let message: String
    /// pn532ctl's dump.
    let ours: String
    /// libnfc's dump.
    let theirs: String
    /// libnfc's debug log, for its round trips.
    let libnfcLog: String

    /// The files' paths in `directory`.
    init(directory: String) {
        message = directory + "/message.ndef"
        ours = directory + "/ours.mfd"
        theirs = directory + "/theirs.mfd"
        libnfcLog = directory + "/libnfc.log"
    }

    /// Removes those that exist.
    func remove() {
        for path in [message, ours, theirs, libnfcLog] { unlink(path) }
    }
}

import PN532
import Type2

/// A run timed against `pn532ctl sim --tag ntag216` holding a 483-byte message: pn532ctl's
/// read and dump, and libnfc's `nfc-mfultralight r`, which reads every page as dump does.
enum Type2Run: CaseIterable {
    /// `pn532ctl read --device PATH`.
    case read
    /// `pn532ctl dump --device PATH --out OURS.mfd`.
    case dump
    /// `nfc-mfultralight r THEIRS.mfd` with `LIBNFC_DEVICE=pn532_uart:PATH`.
    case libnfc

    /// libnfc's tool (Debian's libnfc-bin).
    static let libnfcTool = "/usr/bin/nfc-mfultralight"

    /// The row label, with the device shown as PATH.
    var label: String {
        switch self {
        case .read: "`pn532ctl read --device PATH`"
        case .dump: "`pn532ctl dump --device PATH --out OURS.mfd`"
        case .libnfc: "`LIBNFC_DEVICE=pn532_uart:PATH nfc-mfultralight r THEIRS.mfd`"
        }
    }

    /// What to start for the device at `path`: executable, arguments and environment.
    func command(pn532ctl: String, device path: String, files: Type2RunFiles) -> (executable: String, arguments: [String], environment: [String]) {
        switch self {
        case .read: (pn532ctl, ["read", "--device", path], [])
        case .dump: (pn532ctl, ["dump", "--device", path, "--out", files.ours], [])
        case .libnfc: (Self.libnfcTool, ["r", files.theirs], ["LIBNFC_DEVICE=pn532_uart:\(path)"])
        }
    }

    /// Everything the pn532ctl run sends, for the in-process model: open at 115200, a poll
    /// for up to two tags, GET_VERSION, the read, close. Nil for libnfc, which it does not model.
    var sequence: ((PN532Session) throws -> Void)? {
        switch self {
        case .read: { session in try Self.withTag(session) { tag in _ = try tag.readNDEF() } }
        case .dump: { session in try Self.withTag(session) { tag in _ = try tag.read(pages: 0..<tag.product.pageCount) } }
        case .libnfc: nil
        }
    }

    /// Opens, selects and identifies the tag as `TagSession.open` does, runs `body`, closes.
    private static func withTag(_ session: PN532Session, _ body: (Type2Tag) throws -> Void) throws {
        try Operations.info(session)
        guard let target = try Operations.scan(session).first else { throw BenchError("the NTAG216 was not found") }
        try body(try Type2Tag.identify(TargetExchange(session: session, target: target)))
        try session.finish()
    }
}

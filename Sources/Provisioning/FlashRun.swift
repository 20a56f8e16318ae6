import Basics
import NFCCore
import PN532

/// The flash loop on one open reader: wait for exactly one tag, provision it, record it,
/// wait for it to leave, and again, until the goal is reached or the front end interrupts it.
public final class FlashRun {
    private let session: PN532Session
    private let field: FlashField
    private let writer: any TagProvisioner
    private let report: FlashReport?
    private let progress: any FlashRunObserver
    private let isInterrupted: () -> Bool
    /// Stop once this many tags are done; nil: until interrupted.
    private let goal: Int?
    /// UIDs (hex) written in this run or, with `--resume`, listed as done in the report.
    private var doneUIDs: Set<String>
    /// Tags done: the sequence number of the next tag is one more.
    public private(set) var done: Int
    /// Tags that failed.
    public private(set) var failed = 0
    /// Tags presented again that were already written.
    public private(set) var skipped = 0

    /// A run on the started `session`, writing with `writer`, recording to `report` (when
    /// given) and telling `progress`; `isInterrupted` is asked between tags and while waiting
    /// (every quarter of a second). `alreadyDone` (UIDs in hex) count as done and are skipped.
    public init(session: PN532Session, writer: any TagProvisioner, report: FlashReport?, progress: any FlashRunObserver,
                isInterrupted: @escaping () -> Bool, goal: Int?, alreadyDone: Set<String>) {
        self.session = session
        self.field = FlashField(session: session, isInterrupted: isInterrupted)
        self.writer = writer
        self.report = report
        self.progress = progress
        self.isInterrupted = isInterrupted
        self.goal = goal
        self.doneUIDs = alreadyDone
        self.done = alreadyDone.count
    }

    /// Runs until `goal` tags are done (true) or it is interrupted (false). An interruption
    /// while a tag is being written takes effect once that tag is finished and recorded.
    ///
    /// - Throws: `reader` for a reader failure, `reportWrite` or `reportSync` for a report
    ///   that cannot be written.
    public func run() throws(ProvisioningError) -> Bool {
        while goal.map({ done < $0 }) ?? true {
            guard let target = try reader({ () throws(PN532Error) in try field.waitForOneTag(moreThanOne: progress.moreThanOneTag) }) else {
                return false
            }
            let uid = Hex.encode(target.info.identifier)
            if doneUIDs.contains(uid) {
                skipped += 1
                progress.skipped(uid: uid)
                guard try reader({ () throws(PN532Error) in try field.waitForRemoval(of: target.info.identifier) }) else { return false }
                continue
            }
            let outcome = writer.provision(target, session: session, seq: done + 1)
            try record(outcome, uid: uid)
            if outcome.error == nil {
                done += 1
                doneUIDs.insert(uid)
                if let goal, done >= goal { return true }
            } else {
                failed += 1
            }
            if isInterrupted() { return false }
            if !outcome.tagLeft, !(try reader({ () throws(PN532Error) in try field.waitForRemoval(of: target.info.identifier) })) { return false }
        }
        return true
    }

    /// Runs a reader step, turning its failure into `ProvisioningError.reader`.
    private func reader<Value>(_ step: () throws(PN532Error) -> Value) throws(ProvisioningError) -> Value {
        do throws(PN532Error) { return try step() } catch { throw .reader(error) }
    }

    private func record(_ outcome: FlashTagWriter.Outcome, uid: String) throws(ProvisioningError) {
        let product = outcome.product ?? "unknown"
        try report?.append(FlashReport.Row(
            time: FlashReport.timestamp(), uid: uid, product: product, bytes: outcome.bytes,
            result: outcome.error == nil ? FlashReport.ok : FlashReport.failed, error: outcome.error ?? ""))
        progress.tag(FlashTagResult(uid: uid, product: product, bytes: outcome.bytes, seq: done + 1, error: outcome.error))
    }
}

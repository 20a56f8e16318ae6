import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A thread running one blocking job, that a test can find blocked in a system call (through
/// `/proc/self/task/TID/syscall`, the kernel's own account) and send a signal to.
final class BlockedThread: @unchecked Sendable {
    private let job: @Sendable () -> Void
    private let threadID = Atomic<Int32>(0)
    private let finished = Atomic<Bool>(false)
    private var thread = pthread_t()

    private init(_ job: @escaping @Sendable () -> Void) {
        self.job = job
    }

    /// Starts `job` on a new thread.
    static func start(_ job: @escaping @Sendable () -> Void) throws -> BlockedThread {
        let blocked = BlockedThread(job)
        try blocked.launch()
        return blocked
    }

    private func launch() throws {
        let context = Unmanaged.passRetained(self).toOpaque()
        let started = pthread_create(&thread, nil, runBlockedThread, context)
        guard started == 0 else {
            Unmanaged<BlockedThread>.fromOpaque(context).release()
            throw BlockedThreadError.cannotStart(started)
        }
    }

    /// The new thread's body.
    fileprivate func run() {
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGUSR1)
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)  // the test runner's threads block it
        threadID.store(Self.currentThreadID(), ordering: .releasing)
        job()
        finished.store(true, ordering: .releasing)
    }

    /// Waits (yielding, on the kernel's report) until the thread is blocked in `call` with
    /// `descriptor` as its first argument (any, when nil). False when the job ended instead,
    /// or after a minute: a safety net so that a broken test fails instead of hanging.
    func waitUntilBlocked(in call: SystemCallNumber, on descriptor: Int32?) -> Bool {
        let giveUp = ContinuousClock.now + .seconds(60)
        while !isBlocked(in: call, on: descriptor) {
            if finished.load(ordering: .acquiring) || ContinuousClock.now > giveUp { return false }
            sched_yield()
        }
        return true
    }

    /// True once the job has ended.
    var isFinished: Bool { finished.load(ordering: .acquiring) }

    /// Sends `signal` to the thread.
    func send(_ signal: Int32) {
        pthread_kill(thread, signal)
    }

    /// Waits for the job to end.
    func join() {
        pthread_join(thread, nil)
    }

    private func isBlocked(in call: SystemCallNumber, on descriptor: Int32?) -> Bool {
        let id = threadID.load(ordering: .acquiring)
        guard id != 0, let line = Self.contents("/proc/self/task/\(id)/syscall") else { return false }
        let fields = line.split(separator: " ")
        guard fields.count > 1, Int(fields[0]) == call.rawValue else { return false }
        guard let descriptor else { return true }
        return Int(fields[1].dropFirst(2), radix: 16) == Int(descriptor)
    }

    /// The calling thread's kernel id, from `/proc/thread-self` (a link to `PID/task/TID`).
    private static func currentThreadID() -> Int32 {
        var target = [CChar](repeating: 0, count: 64)
        let count = readlink("/proc/thread-self", &target, target.count - 1)
        guard count > 0 else { return 0 }
        let text = String(decoding: target[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return text.split(separator: "/").last.flatMap { Int32($0) } ?? 0
    }

    private static func contents(_ path: String) -> String? {
        let file = open(path, O_RDONLY | O_CLOEXEC)
        guard file >= 0 else { return nil }
        defer { close(file) }
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = buffer.withUnsafeMutableBytes { read(file, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count], as: UTF8.self)
    }
}

/// The start routine of a `BlockedThread`, which it receives retained.
private func runBlockedThread(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    guard let context else { return nil }
    Unmanaged<BlockedThread>.fromOpaque(context).takeRetainedValue().run()
    return nil
}

enum BlockedThreadError: Error {
    case cannotStart(Int32)
}

/// The system calls a test waits for, with this architecture's numbers.
enum SystemCallNumber: Int {
    #if arch(x86_64)
    case read = 0
    case write = 1
    case ppoll = 271
    #elseif arch(arm64)
    case read = 63
    case write = 64
    case ppoll = 73
    #endif
}

import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A thread of its own that runs a reader's blocking work (termios reads, ioctl) one job at a
/// time, in order, so that async callers never block Swift's cooperative thread pool.
///
/// After `stop()` the thread runs the jobs already submitted and ends; a job submitted later
/// (or when the thread could not be started) runs at once on the caller's thread.
/// Sendable: the queue is behind a mutex, and the semaphore is thread-safe by design.
final class ReaderThread: @unchecked Sendable {
    private struct Queue {
        var jobs: [@Sendable () -> Void] = []
        var stopping = false
    }

    private let queue = Mutex(Queue())
    private let signal: UnsafeMutablePointer<sem_t>

    /// Starts the thread.
    init() {
        signal = .allocate(capacity: 1)
        sem_init(signal, 0, 0)
        let context = Unmanaged.passRetained(self).toOpaque()
        var thread = pthread_t()
        let created = pthread_create(&thread, nil, { context in
            guard let context else { return nil }
            Unmanaged<ReaderThread>.fromOpaque(context).takeRetainedValue().run()
            return nil
        }, context)
        if created == 0 {
            pthread_detach(thread)
        } else {
            Unmanaged<ReaderThread>.fromOpaque(context).release()
            queue.withLock { $0.stopping = true }
        }
    }

    deinit {
        sem_destroy(signal)
        signal.deallocate()
    }

    /// Runs `job` on the thread after the jobs already submitted.
    func submit(_ job: @escaping @Sendable () -> Void) {
        let accepted = queue.withLock { queue -> Bool in
            guard !queue.stopping else { return false }
            queue.jobs.append(job)
            return true
        }
        guard accepted else { return job() }
        sem_post(signal)
    }

    /// Ends the thread once the jobs submitted so far have run.
    func stop() {
        queue.withLock { $0.stopping = true }
        sem_post(signal)
    }

    private func run() {
        while true {
            while sem_wait(signal) != 0 {}
            let next = queue.withLock { queue -> (job: (@Sendable () -> Void)?, done: Bool) in
                if queue.jobs.isEmpty { return (nil, queue.stopping) }
                return (queue.jobs.removeFirst(), false)
            }
            if let job = next.job { job() }
            if next.done { return }
        }
    }
}

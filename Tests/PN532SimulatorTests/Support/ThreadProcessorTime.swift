#if canImport(Glibc)
import Glibc
#endif

/// The processor time the calling thread has used (CLOCK_THREAD_CPUTIME_ID).
func threadProcessorTime() -> Duration {
    var spec = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
    return .seconds(spec.tv_sec) + .nanoseconds(spec.tv_nsec)
}

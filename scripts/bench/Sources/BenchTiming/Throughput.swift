/// Runs `body` in batches of `batch` calls until `duration` has passed and returns the calls a
/// second, with the sum of what `body` returned (kept so the optimiser cannot drop the work).
public func throughput(for duration: Duration, batch: Int, _ body: () -> Int) -> (perSecond: Double, sink: Int) {
    let clock = ContinuousClock()
    var sink = 0
    var iterations = 0
    let start = clock.now
    var elapsed: Duration = .zero
    while elapsed < duration {
        for _ in 0..<batch { sink &+= body() }
        iterations += batch
        elapsed = clock.now - start
    }
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    return (Double(iterations) / seconds, sink)
}

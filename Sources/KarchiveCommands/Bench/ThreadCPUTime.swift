#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The CPU time the calling thread has used, in seconds.
///
/// `karchive bench` times with this rather than with a wall clock. On a loaded machine a wall
/// clock also counts the time the thread waits for a core, and a long run (JSON's) waits through
/// more preemptions than a short one (ours): measured on 2 cores beside CI's own benchmark, the
/// wall-clock ratios of two models that differ only in their key type came out 8.5× and 10.3×.
/// A thread's CPU time stops while it waits, so the ratio stays near what an idle machine gives.
enum ThreadCPUTime {
    /// Seconds of CPU time `body` took on this thread. Everything the coders do runs on the
    /// calling thread, so nothing they do is missed.
    /// Where the system has no CPU clock for the thread (it should not happen on Linux or
    /// Darwin), the wall clock's time instead: every time then 0 would make every ratio
    /// meaningless and every model's rounds run to their cap. Both clocks are read around the
    /// one run of `body`, so a CPU clock that fails only after it still runs `body` once.
    static func measure(_ body: () throws -> Void) rethrows -> Double {
        let wallStart = ContinuousClock.now
        let cpuStart = now()
        try body()
        let cpuEnd = now()
        let wallElapsed = ContinuousClock.now - wallStart
        if let cpuStart, let cpuEnd { return cpuEnd - cpuStart }
        return Double(wallElapsed.components.seconds) + Double(wallElapsed.components.attoseconds) / 1e18
    }

    static func now() -> Double? {
        var time = timespec()
        guard clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time) == 0 else { return nil }
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}

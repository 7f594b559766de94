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
    static func measure(_ body: () throws -> Void) rethrows -> Double {
        let start = now()
        try body()
        return now() - start
    }

    static func now() -> Double {
        var time = timespec()
        // CLOCK_THREAD_CPUTIME_ID exists on Linux and on Darwin; it cannot fail for the
        // calling thread, but a failure would read as zero time, never as a crash.
        guard clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time) == 0 else { return 0 }
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}

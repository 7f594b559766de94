import Dispatch

/// Runs the jobs of the tasks that prefer it (`withTaskExecutorPreference`) on a thread of its
/// own instead of the cooperative pool's.
///
/// `swift test` runs suites in parallel on the cooperative pool, one thread per core, and the
/// long synchronous campaigns hold those threads for minutes at a time. An RPC's tasks queued
/// behind them: under ThreadSanitizer on two cores a call waited past its 600 s deadline
/// (`deadlineExceeded` in `.ci/run` at 93b3684), where the suite alone passes in under a second.
/// On a thread of its own a call shares the cores with the campaigns instead of waiting for
/// them; the server's and client's child tasks (task groups all through GRPCCore) inherit the
/// preference. Checked with the deadline cut to 20 s beside two campaigns of 70 s and more
/// (`DECODER_DIFF_COUNT=150000 SPEC_AGREE_COUNT=300000 swift test --filter
/// "GRPCCallTests|DecoderDifferentialTests/randomPrograms|SpecAgreementTests/mutantsAgree"`): the
/// calls failed on the pool and passed here.
final class OwnThreadExecutor: TaskExecutor {
    /// A serial queue: it targets an overcommitting global queue, which starts a thread for it
    /// even while every thread of the pool is busy.
    private let queue: DispatchQueue

    init(label: String) {
        queue = DispatchQueue(label: label)
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}

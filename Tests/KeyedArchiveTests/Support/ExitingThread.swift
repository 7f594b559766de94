#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs `body` on a thread of its own and returns once that thread has exited.
///
/// The coders keep one spare state per thread between calls (`ThreadSpare`), released when the
/// thread exits. A test that asks whether a state was freed, or that needs states nothing has
/// used before, runs its calls on such a thread: `pthread_join` returns only after the thread's
/// spares were released.
func runOnExitingThread(_ body: @escaping () -> Void) {
    final class Job { let body: () -> Void; init(_ body: @escaping () -> Void) { self.body = body } }
    let job = Unmanaged.passRetained(Job(body)).toOpaque()
    #if canImport(Darwin)
    var thread: pthread_t?
    #else
    var thread = pthread_t()
    #endif
    let status = pthread_create(&thread, nil, { context in
        #if canImport(Darwin)
        let job = Unmanaged<Job>.fromOpaque(context).takeRetainedValue()
        #else
        let job = Unmanaged<Job>.fromOpaque(context!).takeRetainedValue()
        #endif
        job.body()
        return nil
    }, job)
    precondition(status == 0, "pthread_create failed (\(status))")
    #if canImport(Darwin)
    pthread_join(thread!, nil)
    #else
    pthread_join(thread, nil)
    #endif
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One spare object per thread, kept between calls so that the next call on the same thread
/// does not build it again.
///
/// A small message's cost is mostly what a call sets up and tears down: the coders' state
/// objects, their buffers and tables, and the answers they keep (which types have generated
/// code, which keys are integers). `ArchiveEncoder` and `ArchiveDecoder` are option values,
/// `Sendable` and shared freely between tasks, so those cannot live in them; a per-thread spare
/// needs no lock and is never touched by two threads at once. A call takes the spare out of its
/// slot (a coder used inside `encode(to:)` finds the slot empty and builds its own), and gives
/// it back only if nothing else refers to it; see `EncodingState.recycle(_:)`.
///
/// Each spare is released when its thread exits (the key's destructor).
final class ThreadSpare<Object: AnyObject>: @unchecked Sendable {
    // @unchecked: the key never changes; the slots it names are per thread.
    private let key: pthread_key_t

    init() {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { pointer in
            // Called on the exiting thread with its non-nil slot value.
            #if canImport(Darwin)
            Unmanaged<AnyObject>.fromOpaque(pointer).release()
            #else
            if let pointer { Unmanaged<AnyObject>.fromOpaque(pointer).release() }
            #endif
        }
        precondition(status == 0, "KeyedArchive: pthread_key_create failed (\(status))")
        self.key = key
    }

    /// This thread's spare, which the slot no longer holds; `nil` if there is none.
    @inline(__always)
    func take() -> Object? {
        guard let pointer = pthread_getspecific(key) else { return nil }
        pthread_setspecific(key, nil)
        return Unmanaged<Object>.fromOpaque(pointer).takeRetainedValue()
    }

    /// Keeps `object` as this thread's spare, unless the thread has one already (a nested
    /// call's, given back first).
    @inline(__always)
    func keep(_ object: Object) {
        guard pthread_getspecific(key) == nil else { return }
        pthread_setspecific(key, Unmanaged.passRetained(object).toOpaque())
    }
}

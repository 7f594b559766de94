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
/// needs no lock and is never touched by two threads at once.
///
/// A call borrows the spare (`take()`): the slot keeps pointing at it, but the call holds the
/// slot's reference and the spare says it is lent, so a coder used inside `encode(to:)` on the
/// same thread finds it lent and builds its own. The call gives it back (`keep(_:)`) only if
/// nothing else refers to it, and otherwise lets the slot forget it (`forget(_:)`); see
/// `EncodingState.recycle(_:)`. Lending leaves the slot itself alone: writing a thread-specific
/// slot twice per call (empty it, fill it again) cost a small message about 70 instructions of
/// each encode and decode.
///
/// Each spare is released when its thread exits (the key's destructor); a lent one is the
/// borrower's, and a thread does not exit while a call on it runs.
final class ThreadSpare<Object: ThreadSpareObject>: @unchecked Sendable {
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

    /// This thread's spare, lent to the caller with the slot's reference; `nil` if there is
    /// none, or if it is lent already (to a call further up this thread's stack). The slot
    /// still points at it and the caller holds the only reference counted for it, so every
    /// call that takes one ends with `keep(_:)` or `forget(_:)` (the states' `recycle`, in a
    /// `defer` right after `make`): a spare dropped without either would leave the slot
    /// pointing at a freed object.
    @inline(__always)
    func take() -> Object? {
        guard let pointer = pthread_getspecific(key) else { return nil }
        let spare = Unmanaged<Object>.fromOpaque(pointer)
        // Alive: the slot or the call it is lent to holds it.
        let lent = spare._withUnsafeGuaranteedRef { object in
            if object.isLentAsSpare { return true }
            object.isLentAsSpare = true
            return false
        }
        return lent ? nil : spare.takeRetainedValue()
    }

    /// Gives `object` back, or keeps it as this thread's spare if the thread has none; does
    /// nothing if the thread has another (a nested call's, given back first).
    @inline(__always)
    func keep(_ object: Object) {
        if object.isLentAsSpare {
            // Lent by `take()` on this thread (a call gives its state back on the thread it took
            // it on), so the slot still points at it: a slot is written only while it is empty
            // (`keep`) or to forget its own object (`forget`), and nothing but this call can
            // forget a lent spare. Reading the slot again cost every encode and decode a
            // `pthread_getspecific` (17 instructions).
            object.isLentAsSpare = false
            // The slot holds its reference again.
            _ = Unmanaged.passRetained(object)
            return
        }
        // Not lent: a new object, which becomes the spare if the thread has none.
        guard pthread_getspecific(key) == nil else { return }
        pthread_setspecific(key, Unmanaged.passRetained(object).toOpaque())
    }

    /// Lets this thread's slot forget `object` if it is the spare lent out: a call that cannot
    /// give its state back (something else refers to it, or it grew large) calls this, so that
    /// the slot never points at an object it does not own.
    func forget(_ object: Object) {
        if pthread_getspecific(key) == Unmanaged.passUnretained(object).toOpaque() { pthread_setspecific(key, nil) }
        // No longer the slot's: `keep` would otherwise take it for a lent spare.
        object.isLentAsSpare = false
    }
}

/// An object a `ThreadSpare` lends out, which remembers whether it is lent.
protocol ThreadSpareObject: AnyObject {
    /// Whether a call on this thread has it (`ThreadSpare.take()`).
    var isLentAsSpare: Bool { get set }
}

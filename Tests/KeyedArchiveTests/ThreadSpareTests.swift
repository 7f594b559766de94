@testable import KeyedArchive
import Synchronization
import Testing

/// `ThreadSpare` lends its object out without emptying the thread's slot: a lent spare is the
/// borrower's, a nested call finds it lent, and a spare that is not given back is forgotten by
/// the slot, which then never points at an object it does not own.
@Suite struct ThreadSpareTests {
    final class Probe: ThreadSpareObject, @unchecked Sendable {
        var isLentAsSpare = false
        let name: String
        init(_ name: String) { self.name = name }
    }

    /// Weak references, to see which probes were freed; read after the thread has exited.
    final class Freed: @unchecked Sendable {
        weak var kept: Probe?
        weak var forgotten: Probe?
        weak var nested: Probe?
        let failures = Mutex<[String]>([])
        func expect(_ condition: Bool, _ what: String) { if !condition { failures.withLock { $0.append(what) } } }
    }

    @Test func lendingGivingBackAndForgetting() {
        let spares = ThreadSpare<Probe>()
        let freed = Freed()
        runOnExitingThread {
            freed.expect(spares.take() == nil, "a new thread has no spare")
            let first = Probe("first")
            freed.kept = first
            spares.keep(first)
            freed.expect(!first.isLentAsSpare, "a kept spare is not lent")
            // Lent: the same object; a nested call finds it lent and builds its own, which the
            // slot does not take while the first is out.
            let lent = spares.take()
            freed.expect(lent === first && first.isLentAsSpare, "the spare is lent")
            freed.expect(spares.take() == nil, "a lent spare is not lent twice")
            do {
                let nested = Probe("nested")
                freed.nested = nested
                spares.keep(nested)
            }
            spares.keep(lent!)
            freed.expect(spares.take() === first, "the given-back spare is lent again")
            spares.keep(first)
            // Lent, then forgotten (a call that cannot give it back): the slot is empty, and
            // the next object kept becomes the spare.
            let again = spares.take()!
            spares.forget(again)
            _ = again
            freed.expect(spares.take() == nil, "a forgotten spare is not lent")
            let second = Probe("second")
            freed.forgotten = second
            spares.keep(second)
            freed.expect(spares.take() === second, "the next object kept is the spare")
            spares.keep(second)
        }
        #expect(freed.failures.withLock { $0 } == [])
        // The nested probe was never kept; the first one was forgotten and let go by its last
        // holder; the second was released with the thread.
        #expect(freed.nested == nil)
        #expect(freed.kept == nil)
        #expect(freed.forgotten == nil)
    }
}

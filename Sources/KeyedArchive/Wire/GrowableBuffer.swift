#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A growable run of plain values (no references inside) in `malloc`ed memory, which it owns:
/// the one type in the package that allocates, grows and frees a writer's memory. The archive's
/// bytes (`ByteWriter`), the encoder's per-container records and open frames, the decoder's key
/// slots and message cursors all keep their elements in one.
///
/// `Array` checks that its buffer is uniquely referenced on every append and goes through its
/// generic growth path; measured with callgrind, that made recording containers cost about 1 %
/// of encoding, and a decoder's key slots about a sixth of opening a container. Noncopyable: it
/// frees its storage when its lifetime ends, on every path, unless `takeMemory()` consumed it
/// and handed the memory on (to a `Data` that frees it); a second owner or a forgotten free
/// does not compile.
struct GrowableBuffer<Element: BitwiseCopyable>: ~Copyable {
    /// The first element. Writers that store into reserved room (`ByteWriter`) write here and
    /// then `commit` what they wrote.
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var count = 0
    private(set) var capacity: Int

    init(capacity: Int) {
        self.capacity = Swift.max(capacity, 1)
        guard let memory = malloc(self.capacity * MemoryLayout<Element>.stride) else { fatalError("KeyedArchive: out of memory") }
        base = memory.bindMemory(to: Element.self, capacity: self.capacity)
    }

    deinit { free(base) }

    /// Makes room for `extra` more elements.
    @inline(__always)
    mutating func reserve(_ extra: Int) {
        if count &+ extra > capacity { grow(minimum: count + extra) }
    }

    @inline(never)
    private mutating func grow(minimum: Int) {
        var newCapacity = capacity
        while newCapacity < minimum { newCapacity = newCapacity &* 2 }
        guard let memory = realloc(base, newCapacity * MemoryLayout<Element>.stride) else { fatalError("KeyedArchive: out of memory") }
        base = memory.bindMemory(to: Element.self, capacity: newCapacity)
        capacity = newCapacity
    }

    /// Counts `written` elements that were stored into reserved room past `count`.
    @inline(__always)
    mutating func commit(_ written: Int) {
        assert(written >= 0 && count + written <= capacity, "GrowableBuffer: committed past the reserved room")
        count &+= written
    }

    @inline(__always)
    mutating func append(_ element: Element) {
        if count == capacity { grow(minimum: count + 1) }
        (base + count).initialize(to: element)
        count &+= 1
    }

    /// Appends `element` `repeatedCount` times.
    @inline(__always)
    mutating func append(repeating element: Element, count repeatedCount: Int) {
        reserve(repeatedCount)
        (base + count).initialize(repeating: element, count: repeatedCount)
        count &+= repeatedCount
    }

    // One unsigned comparison checks both ends (a negative index is a large unsigned one), as
    // `Array`'s subscript does.
    subscript(index: Int) -> Element {
        @inline(__always) get {
            precondition(UInt(bitPattern: index) < UInt(bitPattern: count), "GrowableBuffer index out of range")
            return base[index]
        }
        @inline(__always) _modify {
            precondition(UInt(bitPattern: index) < UInt(bitPattern: count), "GrowableBuffer index out of range")
            yield &base[index]
        }
    }

    var indices: Range<Int> { 0..<count }

    var last: Element? { count > 0 ? base[count - 1] : nil }

    var first: Element? { count > 0 ? base[0] : nil }

    /// Removes and returns the last element.
    @inline(__always)
    mutating func removeLast() -> Element {
        precondition(count > 0, "GrowableBuffer is empty")
        count &-= 1
        return base[count]
    }

    /// Keeps only the first `newCount` elements.
    @inline(__always)
    mutating func truncate(to newCount: Int) {
        precondition(newCount >= 0 && newCount <= count, "GrowableBuffer truncated past its end")
        count = newCount
    }

    /// The index of the last element that satisfies `predicate`.
    @inline(__always)
    func lastIndex(where predicate: (Element) -> Bool) -> Int? {
        var index = count - 1
        while index >= 0 {
            if predicate(base[index]) { return index }
            index -= 1
        }
        return nil
    }

    /// Gives up the memory, which the caller must `free`, and its element count.
    consuming func takeMemory() -> (memory: UnsafeMutableRawPointer, count: Int) {
        let taken = (UnsafeMutableRawPointer(base), count)
        discard self
        return taken
    }
}

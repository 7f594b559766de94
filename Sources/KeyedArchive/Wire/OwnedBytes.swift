/// Memory a reader allocated to hold an archive's bytes (an inflated body, a copy kept past
/// `decode`), freed when its owner's lifetime ends. Noncopyable, so that exactly one owner frees
/// it: a second owner or a forgotten free does not compile.
struct OwnedBytes: ~Copyable {
    let buffer: UnsafeMutableRawBufferPointer

    /// `byteCount` bytes (at least one), aligned for any load.
    init(byteCount: Int) {
        buffer = .allocate(byteCount: Swift.max(byteCount, 1), alignment: 16)
    }

    deinit { buffer.deallocate() }
}

import Synchronization

/// Types whose messages the writer gave up, so that the next call with such a type goes the
/// general way at once instead of writing it twice. The reader remembers nothing: what gives
/// a message up when reading is an error or an archive's shape, never the type
/// (`MessageReading.swift`).
///
/// A state asks its own list on every call, without a lock. The list for the whole process
/// (`Shared`) seeds the lists of states built later: a state that served a large archive is
/// not kept for the next call (`EncodingState+Reuse.swift`, `DecodingState+Reuse.swift`), and
/// without it its successor would try the type's next large archive as a message again.
struct RememberedTypes {
    /// A list for the whole process.
    final class Shared: Sendable {
        private let list = Mutex<[ObjectIdentifier]>([])

        /// The types remembered so far.
        var snapshot: [ObjectIdentifier] { list.withLock { $0 } }

        /// Whether `type` is remembered for the process.
        func contains<T>(_ type: T.Type) -> Bool { snapshot.contains(ObjectIdentifier(type)) }

        fileprivate func add(_ id: ObjectIdentifier) {
            list.withLock { types in
                if types.count < RememberedTypes.capacity, !types.contains(id) { types.append(id) }
            }
        }
    }

    /// A few dozen types at most, to scan on every call: past that, a type is tried again each
    /// time.
    static var capacity: Int { 64 }

    private var types: [ObjectIdentifier]
    private let shared: Shared

    /// A list holding what `shared` holds so far, and adding to it; empty with `seeded: false`
    /// (for the tests, which ask what message mode alone does).
    init(sharing shared: Shared, seeded: Bool = true) {
        self.shared = shared
        types = seeded ? shared.snapshot : []
    }

    /// Whether `type` is remembered here.
    @inline(__always)
    func contains<T>(_ type: T.Type) -> Bool {
        let id = ObjectIdentifier(type)
        for remembered in types where remembered == id { return true }
        return false
    }

    /// Remembers `type`, here and for states built from now on.
    mutating func remember<T>(_ type: T.Type) {
        let id = ObjectIdentifier(type)
        guard types.count < Self.capacity, !types.contains(id) else { return }
        types.append(id)
        shared.add(id)
    }
}

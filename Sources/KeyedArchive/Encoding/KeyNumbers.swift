#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// A number for each key name that generated code names, given once for the process: the
/// same spelling (the same UTF-8 bytes) has the same number in every key set, whatever type
/// declares it, so that the key table of an archive finds a key it already holds by its number
/// (`KeyTable.wire(ofNumber:)`) instead of by hashing or comparing its name, for any subset,
/// order and mix of keys, and for a first message as for the thousandth.
///
/// Key sets register (`ArchiveKeySet.init`, once per type, as generated code keeps each in a
/// `static let`), and so do the names of the `Codable` path's key types of at most two bytes
/// (a `CodingKey` enum: `KeyTable.index(of:numbered:)`, once per name and encoding state), so
/// the numbers grow with the program's types, never with its data: the names of dictionary
/// keys and other keys of larger key types never come here.
enum KeyNumbers {
    /// The numbers given so far, by name; a list per `String` (whose equality is canonical
    /// equivalence) of the byte-distinct spellings and their numbers.
    private static let numbers = NumbersLock()

    /// The numbers behind a `pthread_mutex_t`, not `Synchronization.Mutex`: ThreadSanitizer sees
    /// the pthread lock's ordering, and reported two key sets made at once on two threads as a
    /// race through `Mutex` (whose futex it does not see; CI at ad770c4, every test passing).
    private final class NumbersLock: @unchecked Sendable {
        private let mutex: UnsafeMutablePointer<pthread_mutex_t>
        private var numbers: (byName: [String: [(spelling: String, number: Int)]], count: Int) = ([:], 0)

        init() {
            mutex = .allocate(capacity: 1)
            pthread_mutex_init(mutex, nil)
        }

        func withLock<T>(_ body: (inout (byName: [String: [(spelling: String, number: Int)]], count: Int)) -> T) -> T {
            pthread_mutex_lock(mutex)
            defer { pthread_mutex_unlock(mutex) }
            return body(&numbers)
        }
    }

    /// How many numbers were given, read without the lock: a spelling the decoder found no
    /// number for is looked up again once this has grown (`KeySpellings`). Written under the
    /// lock, after the number is in the registry.
    private static let given = Atomic<Int>(0)

    /// How many numbers have been given so far (numbers only grow).
    @inline(__always)
    static var numbersGiven: Int { given.load(ordering: .acquiring) }

    /// The number of the key spelled `name`, given now if the spelling is new.
    static func number(of name: String) -> Int {
        numbers.withLock { numbers in
            let spellings = numbers.byName[name] ?? []
            if let known = spellings.first(where: { KeyIdentity.sameBytes($0.spelling, name) }) { return known.number }
            let number = numbers.count
            numbers.count += 1
            numbers.byName[name, default: []].append((name, number))
            given.store(numbers.count, ordering: .releasing)
            return number
        }
    }

    /// The number of the key spelled `name` if a key set has named it, without giving one; and
    /// how many numbers were given then: a key set whose numbers are all below that count had
    /// named its keys already, so a `nil` holds for it (numbers only grow).
    static func existingNumber(of name: String) -> (number: Int?, given: Int) {
        numbers.withLock { numbers in
            (numbers.byName[name]?.first(where: { KeyIdentity.sameBytes($0.spelling, name) })?.number, numbers.count)
        }
    }

    /// `existingNumber(of:)` for each of `names`, under one lock: a document's large key table.
    static func existingNumbers(of names: [String]) -> (numbers: [Int?], given: Int) {
        numbers.withLock { numbers in
            (names.map { name in numbers.byName[name]?.first(where: { KeyIdentity.sameBytes($0.spelling, name) })?.number }, numbers.count)
        }
    }

    /// Whether a table entry spelled `name` is told apart from other spellings by its bytes
    /// alone: it is not an integer in canonical decimal, and it is ASCII. An ASCII string is its
    /// own canonical decomposition, so two ASCII spellings are canonically equivalent exactly
    /// when their bytes are equal; a spelling equivalent to an ASCII one but not ASCII itself (U+212A
    /// KELVIN SIGN for `K`, U+037E for `;`, U+1FEF for `` ` ``) does not stand for itself, and so
    /// takes the look-up by name, which knows every rule — on the encoder's side, once such a
    /// key is in an archive, every key after it is looked up (`KeyTable.addedByName`); on the
    /// decoder's, a table with one reads every identity by name, and a key set with one matches
    /// entries by name (`ArchiveKeySet.matchesNamesByNumber`).
    static func standsForItself(_ name: String) -> Bool {
        KeyForm.canonicalDecimalWire(name) == nil && name.utf8.allSatisfy { $0 < 0x80 }
    }

    /// The bytes a key table writes for `name`: its length as a varint, then its UTF-8 bytes.
    static func tableBytes(of name: String) -> [UInt8] {
        var name = name
        var writer = ByteWriter(capacity: name.utf8.count + 2)
        name.withUTF8 { utf8 in
            writer.appendVarint(UInt64(utf8.count))
            writer.append(UnsafeRawBufferPointer(utf8))
        }
        return Array(writer.bytes)
    }
}

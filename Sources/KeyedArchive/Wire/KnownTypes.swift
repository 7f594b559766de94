#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Identities of the generic types the native fast paths test for, looked up once.
///
/// In unspecialized generic code every mention of `[Double].self` is a runtime metadata lookup
/// (measured: about 22 per commit decoded, a fifth of decoding time before this cache).
/// They live in one global, read once per test (`let known = KnownTypes.shared`): a `static let`
/// each cost a `swift_once` call per read, 13 for every value of a type that is not native.
struct KnownTypes {
    let doubleArray = ObjectIdentifier([Double].self)
    let floatArray = ObjectIdentifier([Float].self)
    let intArray = ObjectIdentifier([Int].self)
    let int64Array = ObjectIdentifier([Int64].self)
    let int32Array = ObjectIdentifier([Int32].self)
    let int16Array = ObjectIdentifier([Int16].self)
    let int8Array = ObjectIdentifier([Int8].self)
    let uintArray = ObjectIdentifier([UInt].self)
    let uint64Array = ObjectIdentifier([UInt64].self)
    let uint32Array = ObjectIdentifier([UInt32].self)
    let uint16Array = ObjectIdentifier([UInt16].self)
    let uint8Array = ObjectIdentifier([UInt8].self)
    let stringArray = ObjectIdentifier([String].self)
    let boolArray = ObjectIdentifier([Bool].self)

    static let shared = KnownTypes()

    /// The size of the largest type with a native form: a larger type (most structs) skips
    /// the comparisons with each of them, some thirty per value.
    static var largestNativeSize: Int {
        Swift.max(MemoryLayout<String>.size, MemoryLayout<Data>.size, MemoryLayout<UUID>.size,
                  MemoryLayout<URL>.size, MemoryLayout<Date>.size, MemoryLayout<UInt128>.size,
                  MemoryLayout<[Double]>.size)
    }
}

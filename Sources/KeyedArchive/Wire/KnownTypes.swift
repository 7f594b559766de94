#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Identities of the generic types the native fast paths test for, looked up once.
///
/// In unspecialized generic code every mention of `[Double].self` is a runtime metadata lookup
/// (measured: about 22 per commit decoded, a fifth of decoding time before this cache);
/// a static constant costs one load.
enum KnownTypes {
    static let doubleArray = ObjectIdentifier([Double].self)
    static let floatArray = ObjectIdentifier([Float].self)
    static let intArray = ObjectIdentifier([Int].self)
    static let int64Array = ObjectIdentifier([Int64].self)
    static let int32Array = ObjectIdentifier([Int32].self)
    static let int16Array = ObjectIdentifier([Int16].self)
    static let int8Array = ObjectIdentifier([Int8].self)
    static let uintArray = ObjectIdentifier([UInt].self)
    static let uint64Array = ObjectIdentifier([UInt64].self)
    static let uint32Array = ObjectIdentifier([UInt32].self)
    static let uint16Array = ObjectIdentifier([UInt16].self)
    static let uint8Array = ObjectIdentifier([UInt8].self)
    static let stringArray = ObjectIdentifier([String].self)
}

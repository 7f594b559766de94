#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// The events of a walk over an archive without its Swift types (`InspectedArchive.walk`), for
// tools inside this package (`karchive`). Package-level API: the format is public through its
// spec, this is how the package's own tools read it.

/// Receives every value of an archive in byte order. Every method has an empty default.
package protocol ArchiveVisitor {
    /// A value that is not a keyed or unkeyed container (packed arrays and bytes included).
    /// `depth` is 1 for the root value and one more for each container around the value.
    mutating func visitScalar(_ value: ArchiveScalar, at range: Range<Int>, depth: Int)
    /// A keyed or unkeyed container starts; its entries or elements follow.
    mutating func beginContainer(_ container: ArchiveContainer, depth: Int)
    /// The key of the next entry of the innermost keyed container, at that container's depth.
    mutating func visitKey(_ key: ArchiveKey, at range: Range<Int>, depth: Int)
    /// The container begun last and not yet ended is complete.
    mutating func endContainer(_ container: ArchiveContainer, depth: Int)
    /// A shared object `13` (archives with header flag bit 2, `Spec/FORMAT.md` §9.5) at
    /// `offset`, value index `index`: its marked value follows, at the same depth (a shared
    /// object is not a container), then `endSharedObject`.
    mutating func beginSharedObject(index: Int, at offset: Int, depth: Int)
    /// The marked value of the shared object begun last and not yet ended is complete.
    mutating func endSharedObject(index: Int, depth: Int)
    /// A reference `12`, checked: its target precedes it, is a shared object, and has ended.
    mutating func visitReference(_ reference: ArchiveReference, at range: Range<Int>, depth: Int)
}

package extension ArchiveVisitor {
    mutating func visitScalar(_ value: ArchiveScalar, at range: Range<Int>, depth: Int) {}
    mutating func beginContainer(_ container: ArchiveContainer, depth: Int) {}
    mutating func visitKey(_ key: ArchiveKey, at range: Range<Int>, depth: Int) {}
    mutating func endContainer(_ container: ArchiveContainer, depth: Int) {}
    mutating func beginSharedObject(index: Int, at offset: Int, depth: Int) {}
    mutating func endSharedObject(index: Int, depth: Int) {}
    mutating func visitReference(_ reference: ArchiveReference, at range: Range<Int>, depth: Int) {}
}

/// A scalar wire value (`Spec/FORMAT.md` §5), decoded as far as the format alone allows.
package enum ArchiveScalar: Sendable {
    /// `00` (level 0) or a nested nil `0F` (level ≥ 1, §10).
    case null(level: UInt64)
    case bool(Bool)
    case integer(ArchiveInteger)
    case float(Float)
    case double(Double)
    case string(String)
    /// Raw bytes (`08`): where they lie in the plain archive.
    case bytes(Range<Int>)
    /// Seconds since 2001-01-01T00:00:00Z.
    case date(Double)
    case uuid(UUID)
    /// The URL's string, not parsed.
    case url(String)
    /// A packed array: its element kind, count, and where the elements lie in the plain archive.
    case packed(PackedKind, count: Int, elements: Range<Int>)
}

/// An integer of the format's range, −2^127 … 2^128 − 1 (§6.1).
package enum ArchiveInteger: Sendable, Hashable, CustomStringConvertible {
    case nonNegative(UInt128)
    case negative(Int128)

    /// Its exact decimal spelling.
    package var description: String {
        switch self {
        case .nonNegative(let n): n.description
        case .negative(let n): n.description
        }
    }

    /// The narrowest of `Int64`, `UInt64`, `Int128`, `UInt128` that holds it.
    package var typeName: String {
        switch self {
        case .nonNegative(let n): n <= UInt128(Int64.max) ? "Int64" : n <= UInt128(UInt64.max) ? "UInt64" : n <= UInt128(Int128.max) ? "Int128" : "UInt128"
        case .negative(let n): n >= Int128(Int64.min) ? "Int64" : "Int128"
        }
    }
}

/// A keyed entry's key (§8.1).
package enum ArchiveKey: Sendable, Hashable {
    case int(Int64)
    case string(index: Int, String)
}

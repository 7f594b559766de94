// What a `FormatWalk` hands its visitor besides offsets, kept apart from the inspection
// types (`ArchiveVisitor.swift`) that need Foundation: the walk builds everywhere the wire
// layer does, Embedded Swift included.

/// A reference to a shared object (`12`, §9.5), by value indexes: values are numbered in
/// document order from 0 for the root, a container before its entries, a shared object before
/// its marked value (packed elements and the bytes of `08` are not values).
package struct ArchiveReference: Sendable, Hashable {
    /// The reference's own value index.
    package let index: Int
    /// The value index of the shared object it names (always less than `index`).
    package let target: Int
}

/// A keyed or unkeyed container's framing.
package struct ArchiveContainer: Sendable {
    /// Whether it is a keyed container (`0C`, `10`) or an unkeyed one (`0D`, `11`).
    package let isKeyed: Bool
    /// From the tag to the end of the last entry or element.
    package let range: Range<Int>
    /// The payload length varint; nil for the one-byte empty forms.
    package let lengthField: Range<Int>?
    /// The element count varint of an unkeyed container's long form.
    package let countField: Range<Int>?
    /// How many entries (keyed) or elements (unkeyed) it holds.
    package let count: Int
}

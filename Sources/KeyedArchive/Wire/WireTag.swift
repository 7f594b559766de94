/// The one-byte type tags that start every value (see `Spec/FORMAT.md`, "Tag table").
enum WireTag {
    static let `nil`: UInt8 = 0x00
    static let `false`: UInt8 = 0x01
    static let `true`: UInt8 = 0x02
    /// varint magnitude (up to 128 bits)
    static let unsignedInt: UInt8 = 0x03
    /// varint n, value = -1 - n
    static let negativeInt: UInt8 = 0x04
    static let float32: UInt8 = 0x05
    static let float64: UInt8 = 0x06
    /// varint length + UTF-8
    static let string: UInt8 = 0x07
    /// varint length + raw bytes
    static let bytes: UInt8 = 0x08
    /// float64 seconds since 2001-01-01T00:00:00Z
    static let date: UInt8 = 0x09
    /// 16 raw bytes
    static let uuid: UInt8 = 0x0A
    /// varint length + UTF-8 absolute URL string
    static let url: UInt8 = 0x0B
    /// varint length + entries (key varint, value)*
    static let keyed: UInt8 = 0x0C
    /// varint length + varint count + values
    static let unkeyed: UInt8 = 0x0D
    /// element kind + varint count + count * width little-endian bytes
    static let packed: UInt8 = 0x0E
    /// varint level (>= 1): a nil wrapped in that many further optionals
    static let nestedNil: UInt8 = 0x0F
    /// An empty keyed container, in one byte (writers never use `keyed` for an empty one)
    static let emptyKeyed: UInt8 = 0x10
    /// An empty unkeyed container, in one byte (writers never use `unkeyed` for an empty one)
    static let emptyUnkeyed: UInt8 = 0x11
    /// A reference to an earlier shared object: varint index of the target value (only in
    /// archives with header flag bit 2, `Spec/FORMAT.md` §9.5)
    static let reference: UInt8 = 0x12
    /// A shared object: the value that follows is one that references may name (only with
    /// header flag bit 2)
    static let sharedObject: UInt8 = 0x13
    /// 0x80...0xFF: the integer tag - 0x80
    static let fixintBase: UInt8 = 0x80

    /// Whether `tag` starts a keyed or unkeyed container (in either form).
    @inline(__always)
    static func isContainer(_ tag: UInt8) -> Bool {
        tag == keyed || tag == unkeyed || tag == emptyKeyed || tag == emptyUnkeyed
    }

    static func name(_ tag: UInt8) -> String {
        if tag >= fixintBase { return "integer" }
        switch tag {
        case `nil`, nestedNil: return "nil"
        case `false`, `true`: return "Bool"
        case unsignedInt, negativeInt: return "integer"
        case float32: return "Float"
        case float64: return "Double"
        case string: return "String"
        case bytes: return "bytes"
        case date: return "Date"
        case uuid: return "UUID"
        case url: return "URL"
        case keyed, emptyKeyed: return "keyed container"
        case unkeyed, emptyUnkeyed: return "unkeyed container"
        case packed: return "packed array"
        case reference: return "reference to a shared object"
        case sharedObject: return "shared object"
        default: return "unknown tag 0x\(String(tag, radix: 16))"
        }
    }
}

/// How a `ByteReader` treats the tags of shared objects and references.
enum ReferenceForm: Equatable {
    /// Reserved tags: an archive without header flag bit 2.
    case none
    /// `12` + varint value index, `13` + value: an archive with flag bit 2.
    case archive
    /// `12` + varint number, and `sharedObjectTag` + varint number + value: a writer's own form
    /// before the archive's numbering is known. The encoder reads its bytes so
    /// (`ReferenceForm.encoder`, `EncoderMarker`); the format has no such tag.
    case numbered(sharedObjectTag: UInt8)

    /// How an archive whose header has `flags` reads `12` and `13`: as references and shared
    /// objects with flag bit 2, as the reserved (unknown) tags they otherwise are.
    @inline(__always)
    init(archiveFlags flags: UInt8) {
        self = flags & ArchiveHeader.Flag.references != 0 ? .archive : .none
    }

    var sharedObjectTag: UInt8 {
        switch self {
        case .none, .archive: WireTag.sharedObject
        case .numbered(let tag): tag
        }
    }
}

/// Element kinds of a packed array (`WireTag.packed`).
package enum PackedKind: UInt8, CaseIterable, Sendable {
    /// Not a wire kind: the elements of a `bytes` value, read as an unkeyed container.
    case uint8 = 0x00
    case int8 = 0x01
    case uint16 = 0x02
    case int16 = 0x03
    case uint32 = 0x04
    case int32 = 0x05
    case uint64 = 0x06
    case int64 = 0x07
    case float32 = 0x08
    case float64 = 0x09

    package var width: Int {
        switch self {
        case .uint8, .int8: 1
        case .uint16, .int16: 2
        case .uint32, .int32, .float32: 4
        case .uint64, .int64, .float64: 8
        }
    }

    package var isFloatingPoint: Bool { self == .float32 || self == .float64 }

    package var name: String {
        switch self {
        case .uint8: "UInt8"
        case .int8: "Int8"
        case .uint16: "UInt16"
        case .int16: "Int16"
        case .uint32: "UInt32"
        case .int32: "Int32"
        case .uint64: "UInt64"
        case .int64: "Int64"
        case .float32: "Float"
        case .float64: "Double"
        }
    }
}

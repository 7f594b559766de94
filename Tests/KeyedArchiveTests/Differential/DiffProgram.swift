import Foundation

// Encoding programs for the differential encoder tests (issue 10, item 3): trees of Encoder API
// calls, run by `DiffRunner` with a real encoder and by `DiffModel` on a reference model.
// This file and the other non-@Test files of Differential/ import neither Testing nor other
// test files: the encoder fuzzer compiles them into a standalone binary.

/// A coding key: a string key, or an `Int` key (whose string form is its decimal spelling).
enum DiffKey: Hashable, Sendable {
    case s(String)
    case i(Int)

    var codingKey: DiffCodingKey {
        switch self {
        case .s(let s): DiffCodingKey(stringValue: s, intValue: nil)
        case .i(let i): DiffCodingKey(stringValue: "\(i)", intValue: i)
        }
    }
}

/// The `CodingKey` of every program container (and of generic decoding): like Foundation's
/// private `_CodingKey`, `init(stringValue:)` has no intValue.
struct DiffCodingKey: CodingKey, Hashable, Sendable {
    var stringValue: String
    var intValue: Int?
    init(stringValue: String, intValue: Int?) { self.stringValue = stringValue; self.intValue = intValue }
    init?(stringValue: String) { self.init(stringValue: stringValue, intValue: nil) }
    init?(intValue: Int) { self.init(stringValue: "\(intValue)", intValue: intValue) }

    var diffKey: DiffKey { intValue.map(DiffKey.i) ?? .s(stringValue) }
}

/// A value written without a program: every scalar type and the natively encoded types.
/// Floating-point values are kept as bit patterns, so that NaN payloads and -0.0 compare exactly.
enum DiffLeaf: Equatable, Sendable {
    case bool(Bool)
    case string(String)
    case int(Int), int8(Int8), int16(Int16), int32(Int32), int64(Int64)
    case uint(UInt), uint8(UInt8), uint16(UInt16), uint32(UInt32), uint64(UInt64)
    case float(UInt32)
    case double(UInt64)
    case int128(Int128), uint128(UInt128)
    case data([UInt8])
    /// Seconds since 2001, as the bits of a Double.
    case date(UInt64)
    case url(String)
    case uuid(String)
    /// `[Double]`, as bit patterns.
    case doubles([UInt64])
    case ints([Int])
    case strings([String])
}

/// What one `encode` call writes: a leaf, or a value whose `encode(to:)` runs a sub-program.
indirect enum DiffValue: Sendable {
    case leaf(DiffLeaf)
    case program(DiffProgram)
}

/// A program run on one `Encoder`.
struct DiffProgram: Sendable {
    /// If set, the encoder itself is kept in this slot (before the body runs) and may be filled
    /// later — also after this value's `encode(to:)` returned.
    var stashSelf: Int?
    var body: DiffBody

    init(stashSelf: Int? = nil, _ body: DiffBody) { self.stashSelf = stashSelf; self.body = body }
}

indirect enum DiffBody: Sendable {
    /// `container(keyedBy:)`, then the ops.
    case keyed([DiffOp])
    /// `unkeyedContainer()`, then the ops.
    case unkeyed([DiffOp])
    /// `singleValueContainer().encode(value)`.
    case single(DiffValue)
    /// `singleValueContainer().encodeNil()`.
    case singleNil
    /// Nothing at all.
    case nothing
}

/// One operation on a keyed container (keys non-nil) or an unkeyed one (keys nil).
/// Every container or encoder taken is kept in a numbered slot of the run; `fill…` ops write
/// through a kept one later (after siblings, from another value, after its value returned).
indirect enum DiffOp: Sendable {
    case encode(DiffKey?, DiffValue)
    case encodeNil(DiffKey?)
    /// Keyed only.
    case encodeIfPresent(DiffKey, DiffLeaf?)
    /// `nestedContainer(keyedBy:forKey:)` / unkeyed `nestedContainer(keyedBy:)`, kept in `slot`.
    case nestedKeyed(DiffKey?, slot: Int, [DiffOp])
    case nestedUnkeyed(DiffKey?, slot: Int, [DiffOp])
    /// `superEncoder(forKey:)` (key non-nil), or `superEncoder()` (keyed: key "super";
    /// unkeyed: the next index); filled at once by `fill` if given, or later by `fillEncoder`.
    case superEncoder(DiffKey?, slot: Int, DiffProgram?)
    case fillKeyed(slot: Int, [DiffOp])
    case fillUnkeyed(slot: Int, [DiffOp])
    /// Runs a program on a kept encoder (a super encoder, or a program's own encoder).
    case fillEncoder(slot: Int, DiffProgram)
    /// Asks the program's encoder for its container again (`container(keyedBy:)` or
    /// `unkeyedContainer()`), and continues with that one. Only in a program's own op list.
    case again
}

/// A program wrapped in arrays, dictionaries and optionals: the value given to the encoders.
indirect enum DiffWrapped: Sendable {
    case program(DiffProgram)
    case array([DiffWrapped])
    case stringDict([String: DiffWrapped])
    case intDict([Int: DiffWrapped])
    case optional(DiffWrapped?)
}

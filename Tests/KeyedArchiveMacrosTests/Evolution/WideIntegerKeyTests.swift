import ArchiveTestSupport
import Foundation
@testable import KeyedArchive
import KeyedArchiveMacros
import Testing

// Unknown fields under integer keys that a 32-bit `Int` cannot hold (Spec/FORMAT.md §8.3): a
// reader where `Int` is 32 bits keeps them as `UnknownKey.wideInteger` and must write them back
// as the integer keys they were, or a reader whose `CodingKeys: Int` has them no longer finds
// them. This machine's `Int` is 64 bits, so the tests make the fields a 32-bit reader keeps
// from the ones read here (`keptWhereIntIs32Bits`), and write those.
//
// The models spell keys no 32-bit `Int` holds, so they exist where `Int` is 64 bits only.
#if _pointerBitWidth(_64)

/// A type with integer keys beyond `Int32`, one of them a struct's whose keys are too.
@ArchiveCodable
struct WideKeysV2: Codable, Equatable {
    var a: Int
    var b: String
    var c: [Int]
    var inner: WideKeysInner
    enum CodingKeys: Int, CodingKey {
        case a = 2_147_483_648, b = -2_147_483_649, c = 1_099_511_627_776, inner = 4_611_686_018_427_387_903
    }
}

/// Plain `Codable`: its entries are an unknown field's keyed value, written back by the
/// general encoder.
struct WideKeysInner: Codable, Equatable {
    var x: Int
    var y: String
    enum CodingKeys: Int, CodingKey { case x = -4_611_686_018_427_387_904, y = 7 }
}

/// An older version: knows `b` only.
@ArchiveCodable
struct WideKeysV1: Codable, Equatable {
    var b: String
    var unknownFields = ArchiveUnknownFields()
    enum CodingKeys: Int, CodingKey { case b = -2_147_483_649 }
}

/// Knows nothing: every entry of `integer-keys-beyond-int32` is unknown to it.
@ArchiveCodable
struct KnowsNoWideKey: Codable, Equatable {
    var unknownFields = ArchiveUnknownFields()
}

extension UnknownKey {
    /// The key as a reader whose `Int` is 32 bits keeps it: `UnknownKey(integer:)` there.
    var keptWhereIntIs32Bits: UnknownKey {
        if case .integer(let value) = self, Int32(exactly: value) == nil { return .wideInteger(Int64(value)) }
        return self
    }
}

extension UnknownValue {
    /// The value with its keys as a reader whose `Int` is 32 bits keeps them.
    var keptWhereIntIs32Bits: UnknownValue {
        switch self {
        case .keyed(let keys, let values): .keyed(keys.map(\.keptWhereIntIs32Bits), values.map(\.keptWhereIntIs32Bits))
        case .unkeyed(let values): .unkeyed(values.map(\.keptWhereIntIs32Bits))
        case .bytes, .reference: self
        }
    }
}

extension ArchiveUnknownFields {
    /// The fields as a reader whose `Int` is 32 bits keeps them.
    var keptWhereIntIs32Bits: ArchiveUnknownFields {
        ArchiveUnknownFields(entries: entries.map {
            UnknownEntry(key: $0.key.keptWhereIntIs32Bits, anchor: $0.anchor, value: $0.value.keptWhereIntIs32Bits)
        })
    }

    /// How many kept keys, at any depth, are `.wideInteger`.
    var wideKeyCount: Int {
        func count(_ value: UnknownValue) -> Int {
            switch value {
            case .keyed(let keys, let values):
                keys.count { if case .wideInteger = $0 { true } else { false } } + values.map(count).reduce(0, +)
            case .unkeyed(let values): values.map(count).reduce(0, +)
            case .bytes, .reference: 0
            }
        }
        return count(.keyed(entries.map(\.key), entries.map(\.value)))
    }
}

@Suite struct WideIntegerKeyTests {
    static let sample = WideKeysV2(a: -1, b: "kept", c: [1, 300], inner: WideKeysInner(x: 9, y: "deep"))

    @Test func aThirtyTwoBitReaderWritesThemBackAsTheIntegerKeysTheyWere() throws {
        for (name, encoder) in UnknownFieldsTests.encoders {
            let original = try encoder.encode(Self.sample)
            for decoder in UnknownFieldsTests.decoders() {
                var v1 = try decoder.decode(WideKeysV1.self, from: original)
                #expect(v1.b == "kept", "\(name)")
                v1.unknownFields = v1.unknownFields.keptWhereIntIs32Bits
                // a, c and inner, and inner's key x.
                #expect(v1.unknownFields.wideKeyCount == 4, "\(name)")
                #expect(Set(v1.unknownFields.keys) == ["2147483648", "1099511627776", "4611686018427387903"], "\(name)")
                #expect(v1.unknownFields.contains("1099511627776"), "\(name)")
                let saved = try encoder.encode(v1)
                #expect(saved == original, "\(name): the archive changed")
                // The point: a reader whose keys are `Int`s finds every field again.
                #expect(try decoder.decode(WideKeysV2.self, from: saved) == Self.sample, "\(name)")
                #expect(try v1.unknownFields.decode([Int].self, forKey: "1099511627776") == [1, 300], "\(name)")
                #expect(try v1.unknownFields.decode(WideKeysInner.self, forKey: "4611686018427387903") == Self.sample.inner, "\(name)")
            }
        }
    }

    /// The spec's vector, read by a type that knows none of its keys: written back byte for
    /// byte, as on a 64-bit reader.
    @Test func theVectorComesBackByteForByte() throws {
        let vector = try Vector(folder: "valid", name: "integer-keys-beyond-int32")
        let bytes = Data(vector.bytes)
        for decoder in UnknownFieldsTests.decoders() {
            var kept = try decoder.decode(KnowsNoWideKey.self, from: bytes)
            #expect(kept.unknownFields.keys == ["2147483648", "-2147483649", "1099511627776", "4611686018427387903", "-4611686018427387904"])
            #expect(try ArchiveEncoder().encode(kept) == bytes)
            kept.unknownFields = kept.unknownFields.keptWhereIntIs32Bits
            #expect(kept.unknownFields.wideKeyCount == 5)
            #expect(try ArchiveEncoder().encode(kept) == bytes)
        }
    }

    /// A wide key and its decimal name are one key (§8.3's identities): the kept keys are
    /// distinct, and `removeValue` finds one by its name, which is then not written back.
    @Test func aWideKeyAndItsNameAreOneKey() throws {
        var v1 = try ArchiveDecoder().decode(WideKeysV1.self, from: ArchiveEncoder().encode(Self.sample))
        v1.unknownFields = v1.unknownFields.keptWhereIntIs32Bits
        #expect(v1.unknownFields.keysAreDistinct)
        let removed = v1.unknownFields.removeValue(forKey: "2147483648")
        #expect(removed)
        #expect(!v1.unknownFields.contains("2147483648"))
        #expect(v1.unknownFields.count == 2)
        let saved = try ArchiveEncoder().encode(v1)
        #expect(try ArchiveDecoder().decode(WideKeysV1.self, from: saved).unknownFields.keys.sorted() == ["1099511627776", "4611686018427387903"])
    }
}

#endif

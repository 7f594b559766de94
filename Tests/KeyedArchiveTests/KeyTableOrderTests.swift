import Foundation
import KeyedArchive
import Testing

/// The key table lists exactly the strings the archive's keys refer to, in the order the
/// archive first refers to them (document order, `Spec/FORMAT.md` §8.2), however the `encode`
/// calls were ordered in time: the same value tree gives the same bytes.
@Suite struct KeyTableOrderTests {
    struct Name: CodingKey {
        let stringValue: String
        init(_ name: String) { stringValue = name }
        init(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }

    /// {"a": {"z": 1, "y": 2}, "b": 3}, with "a" filled through `superEncoder(forKey:)` either at
    /// once or after "b" was written.
    struct SuperFilledLate: Encodable {
        let late: Bool
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Name.self)
            let sup = container.superEncoder(forKey: Name("a"))
            func fill() throws {
                var inner = sup.container(keyedBy: Name.self)
                try inner.encode(1, forKey: Name("z"))
                try inner.encode(2, forKey: Name("y"))
            }
            if !late { try fill() }
            try container.encode(3, forKey: Name("b"))
            if late { try fill() }
        }
    }

    struct Failure: Error {}

    /// Writes a key, then throws.
    struct Throws: Encodable {
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Name.self)
            try container.encode(1, forKey: Name("never"))
            throw Failure()
        }
    }

    /// {"x": 1, "b": 2}, optionally after trying a value under "t" that throws (caught).
    struct CatchesAThrow: Encodable {
        let tries: Bool
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Name.self)
            if tries { _ = try? container.encode(Throws(), forKey: Name("t")) }
            try container.encode(1, forKey: Name("x"))
            try container.encode(2, forKey: Name("b"))
        }
    }

    /// The key-table strings of an uncompressed archive, in order.
    func keyTable(_ archive: Data) throws -> [String] {
        // The tree of these archives is small: find the table after the root value by parsing
        // with the decoder's own rules would be circular, so read the archive's known layout:
        // the table is the suffix that `ArchiveDecoder` accepts as the whole table.
        let bytes = [UInt8](archive)
        for start in stride(from: bytes.count - 1, through: 6, by: -1) {
            var p = start
            guard bytes[p] < 0x80 else { continue }
            let count = Int(bytes[p]); p += 1
            var strings: [String] = []
            while strings.count < count, p < bytes.count, bytes[p] < 0x80 {
                let length = Int(bytes[p]); p += 1
                guard p + length <= bytes.count else { break }
                strings.append(String(decoding: bytes[p..<p + length], as: UTF8.self))
                p += length
            }
            if strings.count == count && p == bytes.count && count > 0 { return strings }
        }
        return []
    }

    @Test func superEncoderFilledLateGivesTheSameBytes() throws {
        for compression in [ArchiveCompression.none, .zlib] {
            var encoder = ArchiveEncoder()
            encoder.compression = compression
            let inOrder = try encoder.encode(SuperFilledLate(late: false))
            let late = try encoder.encode(SuperFilledLate(late: true))
            #expect(late == inOrder)
        }
        #expect(try keyTable(ArchiveEncoder().encode(SuperFilledLate(late: true))) == ["a", "z", "y", "b"])
    }

    @Test func keysOfARolledBackValueLeaveTheTable() throws {
        let clean = try ArchiveEncoder().encode(CatchesAThrow(tries: false))
        let afterThrow = try ArchiveEncoder().encode(CatchesAThrow(tries: true))
        #expect(afterThrow == clean)
        #expect(try keyTable(afterThrow) == ["x", "b"])
        #expect(try ArchiveDecoder().decode([String: Int].self, from: afterThrow) == ["x": 1, "b": 2])
    }

    /// Class hierarchies whose subclass fills its super encoder last (issue 10's natural order)
    /// in arrays: the same bytes as filling it first.
    @Test func classHierarchyFilledLateGivesTheSameBytes() throws {
        struct Animal: Encodable {
            let legs: Int
            func encode(to encoder: any Encoder) throws {
                var c = encoder.container(keyedBy: Name.self)
                try c.encode(legs, forKey: Name("legCount"))
            }
        }
        struct Dog: Encodable {
            let name: String, legs: Int, late: Bool
            func encode(to encoder: any Encoder) throws {
                var c = encoder.container(keyedBy: Name.self)
                try c.encode(name, forKey: Name("name"))
                let sup = c.superEncoder()
                if !late { try Animal(legs: legs).encode(to: sup) }
                try c.encode([name, name], forKey: Name("nicknames"))
                if late { try Animal(legs: legs).encode(to: sup) }
            }
        }
        for count in 1...4 {
            let early = try ArchiveEncoder().encode((0..<count).map { Dog(name: "d\($0)", legs: $0, late: false) })
            let late = try ArchiveEncoder().encode((0..<count).map { Dog(name: "d\($0)", legs: $0, late: true) })
            #expect(late == early, "\(count) dogs")
        }
    }
}

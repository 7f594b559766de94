import Foundation
@testable import KeyedArchive
import KeyedArchiveMacros
import Testing

// Declaration shapes that synthesized `Codable` accepts and the macro must read as the compiler
// does (issue 31): each annotated type against its own `Codable` conformance.

/// Properties bound by a tuple pattern with initial values: coded as `x`, `y`, in order.
@ArchiveCodable
struct TuplePatternPoint: Codable, Equatable {
    var (x, y) = (1, 2)
    var z: Int

    init(x: Int, y: Int, z: Int) {
        (self.x, self.y, self.z) = (x, y, z)
    }
}

/// A tuple pattern with a type annotation and no initial values, nested, beside a plain property.
@ArchiveCodable
struct TuplePatternCoordinates: Codable, Equatable {
    var name: String
    var (lat, (lon, altitude)): (Double, (Double, Double?))

    init(name: String, lat: Double, lon: Double, altitude: Double?) {
        (self.name, self.lat, self.lon, self.altitude) = (name, lat, lon, altitude)
    }
}

/// The same in a final class, whose decoding initializer the macro writes into the body.
@ArchiveCodable
final class TuplePatternBox: Codable {
    var (label, count) = ("box", 3)
}

/// `Codable` inside a protocol composition, in each kind of declaration.
@ArchiveCodable
struct CompositionConformance: Codable & Hashable {
    var a: Int
    var b: String
}

@ArchiveCodable
final class CompositionClass: Codable & Sendable {
    let a: Int
    init(a: Int) { self.a = a }
}

@ArchiveCodable
enum CompositionLevel: Int, Encodable & Decodable & Hashable {
    case low = 1, high = 2
}

/// `#if` around members that the conformance does not code: a method, a computed property, a
/// nested type, a static property.
@ArchiveCodable
struct ConditionalHelpers: Codable, Equatable {
    var a: Int
    #if DEBUG
    func describe() -> String { "a = \(a)" }
    var doubled: Int { a * 2 }
    struct Helper {}
    #else
    static let mode = "release"
    #endif
    var b: String
}

/// Issue 31, shape 3: `CodingKeys` declared in an extension, in another order than the
/// properties. The macro cannot see it; the generated code finds the order differs and leaves
/// the type to its `Codable` conformance.
@ArchiveCodable
struct ExtensionKeysReordered: Codable, Equatable {
    var first: Int
    var second: String
    var third: Bool?
}

extension ExtensionKeysReordered {
    enum CodingKeys: Int, CodingKey { case third = 3, second = 2, first = 1 }
}

/// The same with string keys, in a final class.
@ArchiveCodable
final class ExtensionKeysReorderedClass: Codable {
    var name = "n"
    var values: [Int] = [1, 2]
    var flag = false
}

extension ExtensionKeysReorderedClass {
    enum CodingKeys: String, CodingKey { case values, flag = "f", name }
}

/// `CodingKeys` in an extension, in the properties' order: the generated code is used.
@ArchiveCodable
struct ExtensionKeysInOrder: Codable, Equatable {
    var a: Int
    var b: String
}

extension ExtensionKeysInOrder {
    enum CodingKeys: String, CodingKey { case a = "alpha", b }
}

/// Annotated types holding the reordered one everywhere generated code meets a value: an entry,
/// an optional entry, array elements; one with `CodingKeys` in its body (no order check).
@ArchiveCodable
struct HoldsReorderedKeys: Codable, Equatable {
    var one: ExtensionKeysReordered
    var maybe: ExtensionKeysReordered?
    var many: [ExtensionKeysReordered]
    var inOrder: ExtensionKeysInOrder

    enum CodingKeys: Int, CodingKey { case one = 1, maybe, many, inOrder }
}

@Suite struct AnnotatedDeclarationShapeTests {
    /// Issue 31: a `#if` that holds no coded member is accepted (it was refused).
    @Test func ifConfigAroundMembersThatAreNotCodedIsAccepted() throws {
        #expect(AnnotatedTypeTests.writesGeneratedCode(ConditionalHelpers.self))
        let value = ConditionalHelpers(a: 3, b: "x")
        let (direct, codable) = try AnnotatedTypeTests.bytesBothWays(value)
        #expect(direct == codable)
        #expect(try ArchiveDecoder().decode(ConditionalHelpers.self, from: direct) == value)
    }

    /// Issue 31: `Codable & Hashable` is `Codable` (it was refused as not declaring it).
    @Test func codableInACompositionIsCodable() throws {
        #expect(AnnotatedTypeTests.writesGeneratedCode(CompositionConformance.self))
        #expect(AnnotatedTypeTests.readsGeneratedCode(CompositionConformance.self))
        #expect(AnnotatedTypeTests.readsGeneratedCode(CompositionClass.self))
        #expect(AnnotatedTypeTests.writesGeneratedCode(CompositionLevel.self))
        let value = CompositionConformance(a: 5, b: "x")
        let (direct, codable) = try AnnotatedTypeTests.bytesBothWays(value)
        #expect(direct == codable)
        #expect(try ArchiveDecoder().decode(CompositionConformance.self, from: direct) == value)
        let object = try AnnotatedTypeTests.bytesBothWays(CompositionClass(a: 7))
        #expect(object.direct == object.codable)
        #expect(try ArchiveDecoder().decode(CompositionClass.self, from: object.direct).a == 7)
        let levels = try AnnotatedTypeTests.bytesBothWays([CompositionLevel.high, .low])
        #expect(levels.direct == levels.codable)
        #expect(try ArchiveDecoder().decode([CompositionLevel].self, from: levels.direct) == [.high, .low])
    }

    /// Issue 31, shape 1: every name of a tuple pattern is a property, written and read as the
    /// synthesized conformance writes and reads it (it wrote only `z`, and accepted an archive
    /// without `x`).
    @Test func tuplePatternPropertiesAreCodedAsTheCompilerCodesThem() throws {
        let point = TuplePatternPoint(x: -7, y: 300, z: 3)
        let (direct, codable) = try AnnotatedTypeTests.bytesBothWays(point)
        #expect(direct == codable)
        #expect(try ArchiveDecoder().decode(TuplePatternPoint.self, from: direct) == point)
        AnnotatedTypeTests.expectSameDecoding(TuplePatternPoint.self, from: direct)

        struct WithoutX: Encodable { var y = 2, z = 3 }
        let withoutX = try ArchiveEncoder().encode(WithoutX())
        #expect(throws: DecodingError.self) { try ArchiveDecoder().decode(TuplePatternPoint.self, from: withoutX) }
        AnnotatedTypeTests.expectSameDecoding(TuplePatternPoint.self, from: withoutX)

        for coordinates in [TuplePatternCoordinates(name: "a", lat: 1.5, lon: -2.25, altitude: nil),
                            TuplePatternCoordinates(name: "b", lat: .infinity, lon: 0, altitude: 8848.86)] {
            let (direct, codable) = try AnnotatedTypeTests.bytesBothWays(coordinates)
            #expect(direct == codable)
            #expect(try ArchiveDecoder().decode(TuplePatternCoordinates.self, from: direct) == coordinates)
            AnnotatedTypeTests.expectSameDecoding(TuplePatternCoordinates.self, from: direct)
            for cut in 0..<direct.count {
                AnnotatedTypeTests.expectSameDecoding(TuplePatternCoordinates.self, from: direct.prefix(cut))
            }
        }

        let box = TuplePatternBox()
        box.count = 9
        let boxBytes = try AnnotatedTypeTests.bytesBothWays(box)
        #expect(boxBytes.direct == boxBytes.codable)
        let back = try ArchiveDecoder().decode(TuplePatternBox.self, from: boxBytes.direct)
        #expect(back.label == "box" && back.count == 9)
        AnnotatedTypeTests.expectSameDecoding(TuplePatternBox.self, from: boxBytes.direct)
    }

    /// Issue 31, shape 3: with `CodingKeys` in an extension in another order, the bytes, the
    /// values and the errors are the `Codable` conformance's, under every encoder option and
    /// wherever the type is met (it wrote the properties' order: other bytes, other errors).
    @Test func codingKeysInAnExtensionInAnotherOrderKeepTheConformancesBytes() throws {
        #expect(!ExtensionKeysReordered._archiveCanEncode && !ExtensionKeysReordered._archiveCanDecode)
        #expect(!ExtensionKeysReorderedClass._archiveCanEncode && !ExtensionKeysReorderedClass._archiveCanDecode)
        #expect(ExtensionKeysInOrder._archiveCanEncode && ExtensionKeysInOrder._archiveCanDecode)
        // A type with `CodingKeys` in its body keeps the protocols' answer.
        #expect(HoldsReorderedKeys._archiveCanEncode && HoldsReorderedKeys._archiveCanDecode)

        let reordered = ExtensionKeysReordered(first: 1, second: "s", third: true)
        // The conformance writes third, second, first: 1 before 2 would be the property order.
        let plain = try AnnotatedTypeTests.bytesBothWays(reordered)
        #expect(plain.direct == plain.codable)
        #expect(Array(plain.direct.dropFirst(ArchiveHeader.size + 2).prefix(1)) == [UInt8(KeyForm.wire(integer: 3))])

        let holder = HoldsReorderedKeys(one: reordered, maybe: ExtensionKeysReordered(first: -5, second: "", third: nil),
                                        many: [reordered, ExtensionKeysReordered(first: 300, second: "é", third: false)],
                                        inOrder: ExtensionKeysInOrder(a: 2, b: "b"))
        let object = ExtensionKeysReorderedClass()
        object.values = []
        let options: [(String, (inout ArchiveEncoder) -> Void)] = [
            ("default", { _ in }), ("deterministic", { $0.deterministic = true }),
            ("identity", { $0.preservesObjectIdentity = true }), ("zlib", { $0.compression = .zlib }),
        ]
        for (name, configure) in options {
            let bytes = try AnnotatedTypeTests.bytesBothWays(holder, configure)
            #expect(bytes.direct == bytes.codable, "\(name)")
            #expect(try ArchiveDecoder().decode(HoldsReorderedKeys.self, from: bytes.direct) == holder, "\(name)")
            let objects = try AnnotatedTypeTests.bytesBothWays([object, object], configure)
            #expect(objects.direct == objects.codable, "\(name)")
            let inOrder = try AnnotatedTypeTests.bytesBothWays(holder.inOrder, configure)
            #expect(inOrder.direct == inOrder.codable, "\(name)")
            // At the top level, alone and as array elements (message mode tries these first).
            let alone = try AnnotatedTypeTests.bytesBothWays(reordered, configure)
            #expect(alone.direct == alone.codable, "\(name)")
            let elements = try AnnotatedTypeTests.bytesBothWays(holder.many, configure)
            #expect(elements.direct == elements.codable, "\(name)")
            #expect(try ArchiveDecoder().decode([ExtensionKeysReordered].self, from: elements.direct) == holder.many, "\(name)")
        }

        // Damaged archives fail (or not) as the conformance's `init(from:)` does, which reads
        // third first.
        let bytes = try AnnotatedTypeTests.bytesBothWays(holder).codable
        for cut in 0..<bytes.count {
            AnnotatedTypeTests.expectSameDecoding(HoldsReorderedKeys.self, from: bytes.prefix(cut))
        }
        struct WrongTypes: Encodable { var first = "x"; var third = 7 }
        AnnotatedTypeTests.expectSameDecoding(ExtensionKeysReordered.self, from: try ArchiveEncoder().encode(WrongTypes()))
        let back = try ArchiveDecoder().decode(ExtensionKeysReorderedClass.self, from: try ArchiveEncoder().encode(object))
        #expect(back.name == "n" && back.values == [] && back.flag == false)
    }

    /// The order check itself: an enum's cases in declaration order, whatever their raw values.
    @Test func aKeySetKnowsWhetherItListsTheCasesInDeclarationOrder() {
        enum Numbered: Int, CodingKey { case c = 3, b = 2, a = 1 }
        enum Named: String, CodingKey { case z, y = "a", x }
        enum Plain: CodingKey { case only }
        struct NotAnEnum: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }
        #expect(ArchiveKeySet([Numbered.c, .b, .a]).isInDeclarationOrder)
        #expect(!ArchiveKeySet([Numbered.a, .b, .c]).isInDeclarationOrder)
        #expect(!ArchiveKeySet([Numbered.c, .a, .b]).isInDeclarationOrder)
        // From the first case on: a set of fewer keys than cases (which the synthesized
        // conformance never has) is in order only as a prefix.
        #expect(ArchiveKeySet([Numbered.c, .b]).isInDeclarationOrder)
        #expect(!ArchiveKeySet([Numbered.b, .a]).isInDeclarationOrder)
        #expect(ArchiveKeySet([Named.z, .y, .x]).isInDeclarationOrder)
        #expect(!ArchiveKeySet([Named.z, .x, .y]).isInDeclarationOrder)
        #expect(ArchiveKeySet([Plain.only]).isInDeclarationOrder)
        #expect(ArchiveKeySet([Plain]()).isInDeclarationOrder)
        #expect(!ArchiveKeySet([NotAnEnum(stringValue: "a")]).isInDeclarationOrder)
        #expect(ArchiveKeySet.declarationIndexes(of: [Numbered.a, .c, .b]) == [2, 0, 1])
    }
}

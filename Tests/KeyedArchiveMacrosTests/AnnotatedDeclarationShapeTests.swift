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
}

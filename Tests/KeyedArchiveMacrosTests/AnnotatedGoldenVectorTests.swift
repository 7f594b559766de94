import ArchiveTestSupport
import Foundation
@testable import KeyedArchive
import KeyedArchiveMacros
import Testing

// The golden vectors of Spec/vectors through `@ArchiveCodable` types: the models the vectors
// were written from, declared again with the macro. Generated code must write each valid vector
// byte for byte and read it back, and must reject each invalid vector with the error its
// `Codable` path throws (`GoldenVectorTests` checks that one against the vector's metadata).

/// The vector models, annotated (the plain ones are in `GoldenVectorTests.swift`).
enum VectorModels {
    @ArchiveCodable struct Point: Codable, Equatable { var x: Int; var y: Int; var label: String }
    @ArchiveCodable struct IntKeyedPoint: Codable, Equatable {
        var x: Int
        var y: Int
        var label: String
        enum CodingKeys: Int, CodingKey { case x = 1, y = 2, label = 3 }
    }
    @ArchiveCodable struct Line: Codable, Equatable { var start: Point; var end: Point }
    @ArchiveCodable struct DictionaryKeys: Codable, Equatable { var padded: [String: Int]; var plain: [String: Int]; var numeric: [Int: String] }
    @ArchiveCodable struct Optionals: Codable, Equatable { var some: Int??; var someNil: Int??; var none: Int??; var list: [Int??] }
    /// Encodes nothing at all: its own coding, so not annotated; held by an annotated type.
    struct Nothing: Codable, Equatable {
        init() {}
        init(from decoder: any Decoder) throws {}
        func encode(to encoder: any Encoder) throws {}
    }
    @ArchiveCodable struct HoldsNothing: Codable, Equatable { var nothing: Nothing; var n: Int }
    @ArchiveCodable struct Empty: Codable, Equatable {}
    @ArchiveCodable struct Document: Codable, Equatable { var title: String; var tags: [String]; var scores: [Double] }
    @ArchiveCodable struct KeySpellings: Codable, Equatable { var a: [String: Int]; var b: [String: Int] }
    @ArchiveCodable struct Unordered: Codable, Equatable { var zeta: Int; var alpha: [String: Int]; var numbers: [Int: Bool] }
    @ArchiveCodable struct Record: Codable, Equatable { var a: String }
}

@Suite struct AnnotatedGoldenVectorTests {
    /// The valid vectors of the annotated models: the value each holds.
    static let validCases: [String: (type: String, value: any Codable & Sendable)] = [
        "struct-string-keys": ("Point", VectorModels.Point(x: 1, y: -2, label: "A")),
        "struct-int-keys": ("IntKeyedPoint", VectorModels.IntKeyedPoint(x: 1, y: -2, label: "A")),
        "nested-struct": ("Line", VectorModels.Line(start: .init(x: 0, y: 0, label: "a"), end: .init(x: 300, y: 4, label: "b"))),
        "array-of-structs": ("[Point]", [VectorModels.Point(x: 1, y: 2, label: "p"), .init(x: 3, y: 4, label: "q")]),
        "dictionary-keys": ("DictionaryKeys", VectorModels.DictionaryKeys(padded: ["007": 1], plain: ["7": 2], numeric: [-3: "x"])),
        "empty-struct": ("Empty", VectorModels.Empty()),
        "optionals": ("Optionals", VectorModels.Optionals(some: .some(5), someNil: .some(nil), none: nil, list: [.some(nil), nil, 3])),
        "encodes-nothing": ("HoldsNothing", VectorModels.HoldsNothing(nothing: .init(), n: 1)),
        "zlib-compressed": ("Document", VectorModels.Document(title: "zlib", tags: Array(repeating: "repeat", count: 8), scores: [])),
        "checksummed": ("Record", VectorModels.Record(a: "hi")),
        "checksummed-compressed": ("Record", VectorModels.Record(a: "hi")),
        "key-spellings": ("KeySpellings", VectorModels.KeySpellings(a: ["\u{C5}": 1], b: ["\u{212B}": 2])),
        "deterministic-order": ("Unordered", VectorModels.Unordered(zeta: 1, alpha: ["b": 2, "a": 1, "B": 3, "\u{E9}": 4],
                                                                     numbers: [10: true, -1: false, 2: true])),
    ]

    /// Every valid vector whose model is a struct of the vectors is listed above.
    @Test func everyStructVectorIsCovered() throws {
        let names = Vector.names(in: "valid")
        let structTypes: Set<String> = ["Point", "IntKeyedPoint", "Line", "[Point]", "DictionaryKeys", "Empty", "Optionals",
                                        "HoldsNothing", "Document", "Record", "KeySpellings", "Unordered"]
        var covered = 0
        for name in names {
            let type = try Vector(folder: "valid", name: name)["decode-as"] ?? ""
            guard structTypes.contains(type) else { continue }
            #expect(Self.validCases[name]?.type == type, "\(name) (\(type)) has no annotated case")
            covered += 1
        }
        #expect(covered == Self.validCases.count)
    }

    @Test(arguments: validCases.keys.sorted())
    func generatedCodeWritesAndReadsTheValidVector(_ name: String) throws {
        let vector = try Vector(folder: "valid", name: name)
        let bytes = vector.bytes
        let testCase = try #require(Self.validCases[name])
        #expect(vector["decode-as"] == testCase.type)
        let encoder = try vector.encoder()
        func check<T: Codable>(_ value: T) throws {
            #expect(AnnotatedTypeTests.hasGeneratedCode(T.self) || T.self is [VectorModels.Point].Type)
            #expect([UInt8](try encoder.encode(value)) == bytes, "\(name)")
            // Decoded and written again: the same vector (the models are plain data).
            let decoded = try ArchiveDecoder().decode(T.self, from: Data(bytes))
            var plain = encoder
            plain.usesGeneratedCode = false
            #expect([UInt8](try plain.encode(decoded)) == bytes, "\(name)")
            AnnotatedTypeTests.expectSameDecoding(T.self, from: Data(bytes))
        }
        try check(testCase.value)
    }

    /// The invalid vectors decoded as an annotated model: the error of the `Codable` path, with
    /// the stated offset for a format error.
    @Test(arguments: ["Record", "Document", "IntKeyedPoint"])
    func generatedCodeRejectsTheInvalidVectors(_ type: String) throws {
        var checked = 0
        for name in Vector.names(in: "invalid") {
            let vector = try Vector(folder: "invalid", name: name)
            let bytes = vector.bytes
            guard vector["decode-as"] == type else { continue }
            let limits = try vector.limits()
            func check<T: Codable>(_: T.Type) {
                var decoder = ArchiveDecoder()
                decoder.limits = limits
                var codable = decoder
                codable.usesGeneratedCode = false
                let generated = Result { try decoder.decode(T.self, from: Data(bytes)) }
                let viaCodable = Result { try codable.decode(T.self, from: Data(bytes)) }
                guard case .failure(let error) = generated, case .failure(let expected) = viaCodable else {
                    Issue.record("\(name) decoded: \(generated), \(viaCodable)")
                    return
                }
                #expect("\(error)" == "\(expected)", "\(name)")
                if let offset = vector.verdict("offset").flatMap(Int.init) {
                    guard case .dataCorrupted(let context) = error as? DecodingError,
                          let format = context.underlyingError as? ArchiveFormatError else {
                        Issue.record("\(name): expected a format error, got \(error)")
                        return
                    }
                    #expect(format.offset == offset, "\(name)")
                }
            }
            switch type {
            case "Record": check(VectorModels.Record.self)
            case "Document": check(VectorModels.Document.self)
            default: check(VectorModels.IntKeyedPoint.self)
            }
            checked += 1
        }
        #expect(checked > 0)
    }
}

import Foundation
import Testing
import ArchiveTestSupport
@testable import KeyedArchive

// Golden vectors: Spec/vectors/{valid,invalid}/*.hex, read in place. Spec/FORMAT.md describes
// the file format (metadata comments, then annotated hex) and the byte layout they exercise.

// MARK: - Models used by the vectors

private struct Point: Codable, Equatable {
    var x: Int
    var y: Int
    var label: String
}

private struct IntKeyedPoint: Codable, Equatable {
    var x: Int
    var y: Int
    var label: String
    enum CodingKeys: Int, CodingKey {
        case x = 1
        case y = 2
        case label = 3
    }
}

// The raw values are integers no 32-bit `Int` holds: the type exists where `Int` is 64 bits.
#if _pointerBitWidth(_64)
/// Integer keys no 32-bit `Int` holds, and the ends of the integer key range (§8.1).
private struct WideIntegerKeys: Codable, Equatable {
    var a, b, c, d, e: Int
    enum CodingKeys: Int, CodingKey {
        case a = 2_147_483_648
        case b = -2_147_483_649
        case c = 1_099_511_627_776
        case d = 4_611_686_018_427_387_903
        case e = -4_611_686_018_427_387_904
    }
}
#endif

private struct Line: Codable, Equatable {
    var start: Point
    var end: Point
}

private struct DictionaryKeys: Codable, Equatable {
    var padded: [String: Int]
    var plain: [String: Int]
    var numeric: [Int: String]
}

private struct Optionals: Codable, Equatable {
    var some: Int??
    var someNil: Int??
    var none: Int??
    var list: [Int??]
}

/// Encodes nothing at all.
private struct Nothing: Codable, Equatable {
    init() {}
    init(from decoder: any Decoder) throws {}
    func encode(to encoder: any Encoder) throws {}
}

private struct HoldsNothing: Codable, Equatable {
    var nothing: Nothing
    var n: Int
}

private struct Empty: Codable, Equatable {}

private class Animal: Codable {
    var legs: Int
    init(legs: Int) { self.legs = legs }
}

private final class Dog: Animal, Equatable {
    var name: String
    init(name: String, legs: Int) {
        self.name = name
        super.init(legs: legs)
    }
    private enum CodingKeys: String, CodingKey { case name }
    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        try super.init(from: container.superDecoder())
    }
    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try super.encode(to: container.superEncoder())
    }
    static func == (a: Dog, b: Dog) -> Bool { a.name == b.name && a.legs == b.legs }
}

private struct Document: Codable, Equatable {
    var title: String
    var tags: [String]
    var scores: [Double]
}

/// Two dictionaries whose keys are canonically equivalent spellings of one string.
private struct KeySpellings: Codable, Equatable {
    var a: [String: Int]
    var b: [String: Int]
}

/// Keys in no particular order: fields declared out of alphabetical order and two dictionaries,
/// for the deterministic-order vector.
private struct Unordered: Codable, Equatable {
    var zeta: Int
    var alpha: [String: Int]
    var numbers: [Int: Bool]
}

/// One string property "a" (used by invalid vectors).
private struct Record: Codable, Equatable {
    var a: String
}

/// Looks up "b" and then "Å" (U+00C5; its other spellings are canonically equivalent), in
/// declaration order: the lookup of "Å" comes after one that ended inside the container
/// (`key-matches-three-spellings`).
private struct BThenAngstrom: Decodable {
    var b: Int
    var angstrom: Int
    enum CodingKeys: String, CodingKey { case b, angstrom = "\u{C5}" }
}

// MARK: - Models of the shared-object vectors (§9.5)

/// A class whose instances the shared-object vectors hold more than once.
private final class Author: Codable {
    let name: String
    init(name: String) { self.name = name }
}

/// Two slots that may hold the same `Author`.
private struct Shelf: Codable {
    let first: Author
    let second: Author
}

/// A class with a superclass part, whose value a super encoder receives.
private class Publication: Codable {
    let author: Author
    init(author: Author) { self.author = author }
}

/// Writes its own field first, then its superclass through `superEncoder()`, so that a second
/// occurrence of `reviewer` in `author` is a reference inside the super encoder's value.
private final class Review: Publication {
    let reviewer: Author
    init(reviewer: Author, author: Author) {
        self.reviewer = reviewer
        super.init(author: author)
    }
    private enum CodingKeys: String, CodingKey { case reviewer }
    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        reviewer = try container.decode(Author.self, forKey: .reviewer)
        try super.init(from: container.superDecoder())
    }
    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(reviewer, forKey: .reviewer)
        try super.encode(to: container.superEncoder())
    }
}

/// A linked list of instances (used by `reference-loop`, whose reference would make it a cycle).
private final class Chain: Codable {
    let next: Chain?
}

/// A `Shelf` and one more slot (used by `reference-without-flag`).
private struct Catalog: Codable {
    let shelf: Shelf
    let featured: Author
}

// MARK: - Test cases of the valid vectors

/// What the test knows about a valid vector: the Swift value, how to encode it, and how to
/// decode the bytes and compare them with it.
private struct ValidCase {
    let typeName: String
    let encode: (ArchiveEncoder) throws -> Data
    let decodesToValue: ([UInt8]) throws -> Bool
}

private func valid<T: Codable>(_ typeName: String, _ value: T, same: @escaping (T, T) -> Bool) -> ValidCase {
    ValidCase(
        typeName: typeName,
        encode: { try $0.encode(value) },
        decodesToValue: { same(try ArchiveDecoder().decode(T.self, from: $0), value) })
}

private func valid<T: Codable & Equatable>(_ typeName: String, _ value: T) -> ValidCase {
    valid(typeName, value, same: ==)
}

/// Every valid vector, by name. Floating point compares bit patterns (NaN, -0.0).
private func validCases() -> [String: ValidCase] {
    let sameDouble: (Double, Double) -> Bool = { $0.bitPattern == $1.bitPattern }
    let sameFloat: (Float, Float) -> Bool = { $0.bitPattern == $1.bitPattern }
    let sameDoubles: ([Double], [Double]) -> Bool = { $0.map(\.bitPattern) == $1.map(\.bitPattern) }
    let a130 = String(repeating: "a", count: 130)
    return [
        "fixint-0": valid("Int", 0),
        "fixint-127": valid("Int", 127),
        "uint-128": valid("Int", 128),
        "negint-minus-one": valid("Int", -1),
        "int64-min": valid("Int64", Int64.min),
        "uint64-max": valid("UInt64", UInt64.max),
        "int128-min": valid("Int128", Int128.min),
        "uint128-max": valid("UInt128", UInt128.max),
        "float32": valid("Float", Float(1.5), same: sameFloat),
        "float32-negative-infinity": valid("Float", -Float.infinity, same: sameFloat),
        "float64": valid("Double", 0.1, same: sameDouble),
        "float64-negative-zero": valid("Double", -0.0, same: sameDouble),
        "float64-nan": valid("Double", Double.nan, same: sameDouble),
        "float64-infinity": valid("Double", Double.infinity, same: sameDouble),
        "bool-false": valid("Bool", false),
        "bool-true": valid("Bool", true),
        "nil": valid("Int?", Int?.none),
        "string-empty": valid("String", ""),
        "string-unicode": valid("String", "h\u{E9}llo \u{1F30D}"),
        "bytes": valid("Data", Data([0x00, 0x01, 0xFE, 0xFF])),
        "bytes-uint8-array": valid("[UInt8]", [UInt8]([0x00, 0x01, 0xFE, 0xFF])),
        "date": valid("Date", Date(timeIntervalSinceReferenceDate: 700_000_000.25)),
        "uuid": valid("UUID", UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!),
        "url": valid("URL", URL(string: "https://example.com/a?b=c")!),
        "struct-string-keys": valid("Point", Point(x: 1, y: -2, label: "A")),
        "struct-int-keys": valid("IntKeyedPoint", IntKeyedPoint(x: 1, y: -2, label: "A")),
        "nested-struct": valid("Line", Line(start: Point(x: 0, y: 0, label: "a"), end: Point(x: 300, y: 4, label: "b"))),
        "array-of-structs": valid("[Point]", [Point(x: 1, y: 2, label: "p"), Point(x: 3, y: 4, label: "q")]),
        "dictionary-keys": valid("DictionaryKeys", DictionaryKeys(padded: ["007": 1], plain: ["7": 2], numeric: [-3: "x"])),
        "packed-double": valid("[Double]", [1.0, -0.5, Double.infinity], same: sameDoubles),
        "packed-int32": valid("[Int32]", [Int32(1), -2, 100_000]),
        "packed-int": valid("[Int]", [1, -1]),
        "packed-int-wide": valid("[Int]", [1, -300, 5_000_000_000]),
        "packed-uint": valid("[UInt]", [UInt(1), 300]),
        "empty-array": valid("[String]", [String]()),
        "empty-packed-array": valid("[Int]", [Int]()),
        "empty-struct": valid("Empty", Empty()),
        "nested-nil": valid("Int??", Int??.some(nil)),
        "optionals": valid("Optionals", Optionals(some: .some(5), someNil: .some(nil), none: nil, list: [.some(nil), nil, 3])),
        "encodes-nothing": valid("HoldsNothing", HoldsNothing(nothing: Nothing(), n: 1)),
        "superclass": valid("Dog", Dog(name: "Rex", legs: 4)),
        "long-string-array": valid("[String]", [a130]),
        "zlib-compressed": valid("Document", Document(title: "zlib", tags: Array(repeating: "repeat", count: 8), scores: [])),
        "checksummed": valid("Record", Record(a: "hi")),
        "checksummed-compressed": valid("Record", Record(a: "hi")),
        "key-spellings": valid("KeySpellings", KeySpellings(a: ["\u{C5}": 1], b: ["\u{212B}": 2])),
        "deterministic-order": valid("Unordered", Unordered(zeta: 1, alpha: ["b": 2, "a": 1, "B": 3, "\u{E9}": 4], numbers: [10: true, -1: false, 2: true])),
    ].merging(sharedObjectCases()) { _, _ in fatalError("a vector name is listed twice") }
        .merging(wideKeyCases()) { _, _ in fatalError("a vector name is listed twice") }
}

/// The vector whose model needs a 64-bit `Int`. Where `Int` is 32 bits there is none, and
/// `validVector` reports the vector as having no test case: that build cannot check it.
private func wideKeyCases() -> [String: ValidCase] {
    #if _pointerBitWidth(_64)
    ["integer-keys-beyond-int32": valid("WideIntegerKeys", WideIntegerKeys(a: 0, b: 1, c: 2, d: 3, e: 4))]
    #else
    [:]
    #endif
}

/// The valid vectors with shared objects (§9.5). Decoding must give back not only equal values
/// but the same sharing: one instance wherever the archive has a `13` and its references.
private func sharedObjectCases() -> [String: ValidCase] {
    let ann = Author(name: "Ann")
    let rex = Dog(name: "Rex", legs: 4)
    return [
        "shared-instance": valid("Shelf", Shelf(first: ann, second: ann)) { decoded, _ in
            decoded.first === decoded.second && decoded.first.name == "Ann"
        },
        "shared-subclass-instance": valid("[Dog]", [rex, rex]) { decoded, _ in
            decoded.count == 2 && decoded[0] === decoded[1] && decoded[0] == rex
        },
        "reference-in-super-container": valid("Review", Review(reviewer: ann, author: ann)) { decoded, _ in
            decoded.reviewer === decoded.author && decoded.reviewer.name == "Ann"
        },
    ]
}

/// Sets `ArchiveEncoder.preservesObjectIdentity` for a vector that needs it.
private func setPreservesObjectIdentity(_ on: Bool, of encoder: inout ArchiveEncoder) -> Bool {
    encoder.preservesObjectIdentity = on
    return true
}

// MARK: - Types the invalid vectors are decoded as

private typealias DecodeAttempt = ([UInt8], ArchiveDecoder) throws -> Void

private func attempt<T: Decodable>(_: T.Type) -> DecodeAttempt {
    { bytes, decoder in _ = try decoder.decode(T.self, from: bytes) }
}

/// The `decode-as` names of invalid vectors.
private func decodeAttempts() -> [String: DecodeAttempt] {
    [
        "Int": attempt(Int.self),
        "Int8": attempt(Int8.self),
        "Int128": attempt(Int128.self),
        "Int??": attempt(Int??.self),
        "String": attempt(String.self),
        "URL": attempt(URL.self),
        "[Int]": attempt([Int].self),
        "[Int32]": attempt([Int32].self),
        "[UInt8]": attempt([UInt8].self),
        "[[[String]]]": attempt([[[String]]].self),
        "Record": attempt(Record.self),
        "Document": attempt(Document.self),
        "IntKeyedPoint": attempt(IntKeyedPoint.self),
        "[Int: Int]": attempt([Int: Int].self),
        "[String: Int]": attempt([String: Int].self),
        "BThenAngstrom": attempt(BThenAngstrom.self),
        "Shelf": attempt(Shelf.self),
        "Chain": attempt(Chain.self),
        "Catalog": attempt(Catalog.self),
    ]
}

/// `DecodingError`s without an `ArchiveFormatError`: the bytes are well-formed, the type disagrees.
private let codableErrors: Set<String> = ["typeMismatch", "valueNotFound", "keyNotFound", "dataCorrupted"]

/// The uncompressed archive equivalent to a compressed one: its header (flags 0) and inflated body.
private func inflatedArchive(_ input: [UInt8]) throws -> [UInt8] {
    // A checksummed archive's zlib stream ends before the 4-byte trailer.
    let bytes = input[5] & 0x02 != 0 ? Array(input.dropLast(4)) : input
    var p = 6
    var size = 0
    var shift = 0
    while true {
        let x = bytes[p]
        p += 1
        size |= Int(x & 0x7F) << shift
        if x < 0x80 { break }
        shift += 7
    }
    var body = [UInt8](repeating: 0, count: size)
    try bytes[p...].withUnsafeBytes { stream in
        try body.withUnsafeMutableBytes { try Zlib.inflate(stream, into: $0, offset: p) }
    }
    return Array(bytes[0..<5]) + [0] + body
}

// MARK: - Tests

@Suite("Golden vectors (Spec/vectors)")
struct GoldenVectorTests {
    @Test("The vector folders are non-empty and every file has a test case")
    func coverage() throws {
        let validNames = Vector.names(in: "valid")
        let invalidNames = Vector.names(in: "invalid")
        #expect(!validNames.isEmpty)
        #expect(!invalidNames.isEmpty)
        // Every valid vector has a Swift value, and every Swift value has its vector.
        #expect(Set(validNames) == Set(validCases().keys))
        // No stray files that the tests would silently skip.
        #expect(Vector.allFiles(in: "valid").allSatisfy { $0.hasSuffix(".hex") })
        #expect(Vector.allFiles(in: "invalid").allSatisfy { $0.hasSuffix(".hex") })
        // Every invalid vector names a type the test can decode and an error it can check.
        let attempts = decodeAttempts()
        for name in invalidNames {
            let vector = try Vector(folder: "invalid", name: name)
            #expect(vector["name"] == name, "\(name): '# name:' must match the file name")
            #expect(vector["description"] != nil, "\(name): missing '# description:'")
            #expect(vector["decode-as"].map { attempts[$0] != nil } == true, "\(name): unknown '# decode-as:' \(vector["decode-as"] ?? "nil")")
            let error = try #require(vector["error"], "\(name): missing '# error:'")
            #expect(formatErrorKinds[error] != nil || codableErrors.contains(error), "\(name): unknown error '\(error)'")
            if formatErrorKinds[error] != nil {
                #expect(vector["offset"].flatMap(Int.init) != nil, "\(name): a format error needs '# offset:'")
            }
            // A verdict that depends on Int's width states both, each a format error with its
            // offset (FORMAT Appendix A), and differs from the 64-bit one.
            if vector["error-where-int-is-32-bits"] != nil || vector["offset-where-int-is-32-bits"] != nil {
                let narrow = try #require(vector["error-where-int-is-32-bits"], "\(name): missing '# error-where-int-is-32-bits:'")
                #expect(formatErrorKinds[narrow] != nil && formatErrorKinds[error] != nil, "\(name): '\(narrow)' and '\(error)' must be format errors")
                #expect(vector["offset-where-int-is-32-bits"].flatMap(Int.init) != nil, "\(name): missing '# offset-where-int-is-32-bits:'")
                #expect(vector.verdict("error", whereIntIs: 32) != vector.verdict("error", whereIntIs: 64)
                        || vector.verdict("offset", whereIntIs: 32) != vector.verdict("offset", whereIntIs: 64), "\(name): the same verdict twice")
            }
        }
    }

    @Test("Valid vector: encoding gives exactly its bytes, decoding gives the value", arguments: Vector.names(in: "valid"))
    func validVector(name: String) throws {
        let vector = try Vector(folder: "valid", name: name)
        let testCase = try #require(validCases()[name], "no test case for valid vector \(name)")
        #expect(vector["name"] == name)
        #expect(vector["description"] != nil)
        #expect(vector["decode-as"] == testCase.typeName)

        var encoder = ArchiveEncoder()
        encoder.compression = try vector.compression()
        encoder.checksum = try vector.checksum()
        encoder.deterministic = try vector.isDeterministic()
        if setPreservesObjectIdentity(try vector.preservesObjectIdentity(), of: &encoder) {
            let encoded = [UInt8](try testCase.encode(encoder))
            #expect(encoded == vector.bytes, "encoder wrote \(TestSupport.hex(Data(encoded)))")
        }
        #expect(try testCase.decodesToValue(vector.bytes), "decoding does not give the value back")

        if vector["compression"] != nil {
            // The inflated body is exactly the uncompressed encoding of the same value.
            let plain = [UInt8](try testCase.encode(ArchiveEncoder()))
            #expect(try inflatedArchive(vector.bytes) == plain)
            #expect(vector.bytes[5] & 0x01 == 0x01)
        }
    }

    @Test("Valid vector: well-formed for a reader written from the specification", arguments: Vector.names(in: "valid"))
    func validVectorFollowsSpec(name: String) throws {
        // Compressed vectors too: the spec reader inflates them itself (§11).
        let vector = try Vector(folder: "valid", name: name)
        #expect(SpecReader(vector.bytes).verdict() == .accepted)
    }

    @Test("Invalid vector: decoding throws the stated error", arguments: Vector.names(in: "invalid"))
    func invalidVector(name: String) throws {
        let vector = try Vector(folder: "invalid", name: name)
        let attempt = try #require(vector["decode-as"].flatMap { decodeAttempts()[$0] }, "unknown decode-as in \(name)")
        let expected = try #require(vector.verdict("error"), "missing error in \(name)")
        var decoder = ArchiveDecoder()
        decoder.limits = try vector.limits()

        let error = try #require(throws: DecodingError.self, "\(name) must not decode") {
            try attempt(vector.bytes, decoder)
        }
        if let kind = formatErrorKinds[expected] {
            guard case .dataCorrupted(let context) = error, let format = context.underlyingError as? ArchiveFormatError else {
                Issue.record("\(name): expected dataCorrupted with an ArchiveFormatError (\(expected)), got \(error)")
                return
            }
            #expect(format.kind == kind, "\(name): \(format)")
            if let offset = vector.verdict("offset").flatMap(Int.init) {
                #expect(format.offset == offset, "\(name): \(format)")
            }
            return
        }
        switch (expected, error) {
        case ("typeMismatch", .typeMismatch), ("valueNotFound", .valueNotFound), ("keyNotFound", .keyNotFound):
            break
        case ("dataCorrupted", .dataCorrupted(let context)):
            #expect(!(context.underlyingError is ArchiveFormatError), "\(name): the bytes are well-formed, expected no ArchiveFormatError")
        default:
            Issue.record("\(name): expected \(expected), got \(error)")
        }
    }

    /// A reader written from the specification finds the same problem at the same offset, in
    /// compressed vectors too; Codable-level errors and key lookups are not format errors to it.
    @Test("Invalid vector: a reader written from the specification agrees", arguments: Vector.names(in: "invalid"))
    func invalidVectorFollowsSpec(name: String) throws {
        let vector = try Vector(folder: "invalid", name: name)
        let expected = try #require(vector.verdict("error"))
        let verdict = SpecReader(vector.bytes, limits: SpecLimits(try vector.limits())).verdict()
        if codableErrors.contains(expected) || vector["found-by"] == "key lookup" {
            // Codable errors and key lookups (§8.3) depend on the type, which a validating
            // reader does not know: it accepts the bytes.
            #expect(verdict == .accepted, "\(name): the specification's reader says \(verdict), the bytes are well-formed")
        } else {
            let offset = try #require(vector.verdict("offset").flatMap(Int.init))
            #expect(verdict == .rejected(kind: expected, offset: offset), "\(name): the specification's reader says \(verdict)")
        }
    }
}

import Foundation
@testable import KeyedArchive
import KeyedArchiveMacros
import Testing

// `@ArchiveCodable(defaultsForMissingKeys: true)` and `@ArchiveAlias`: a newer type reads an
// older type's archives, the same way on every path — generated code, general or message
// reading, the `init(from:)` the macro writes (through ArchiveDecoder with generated code off,
// JSONDecoder and PropertyListDecoder).

/// Version 1 of a profile.
@ArchiveCodable
struct ProfileV1: Codable, Equatable {
    var name: String
    var colour: String
    var shade: Int
}

/// Version 2: `colour` renamed `color`, `shade` renamed twice (version 1.5 called it `tone`),
/// properties added with initial values (defaults), one added without (required), and
/// optionals (`nil` when missing, whatever their initial value: a `nil` is written by leaving
/// the key out).
@ArchiveCodable(defaultsForMissingKeys: true)
struct ProfileV2: Codable, Equatable {
    var name: String
    @ArchiveAlias("colour") var color: String = "blue"
    @ArchiveAlias("tone", "shade") var brightness: Int
    var fontSize = 14
    var nickname: String? = "none"
    var note: String?
    var tags: [String] = []
    let version = 2
}

/// The same as a final class, with integer keys.
@ArchiveCodable(defaultsForMissingKeys: true)
final class ProfileClass: Codable, Equatable {
    var name: String
    @ArchiveAlias("colour") var color: String = "blue"
    var fontSize = 14
    enum CodingKeys: Int, CodingKey { case name = 1, color = 2, fontSize = 3 }

    init(name: String, color: String = "blue", fontSize: Int = 14) {
        self.name = name
        self.color = color
        self.fontSize = fontSize
    }

    static func == (a: ProfileClass, b: ProfileClass) -> Bool {
        a.name == b.name && a.color == b.color && a.fontSize == b.fontSize
    }
}

/// `Decodable` only: the macro's `init(from:)` needs `CodingKeys`, which it then declares.
@ArchiveCodable(defaultsForMissingKeys: true)
struct ReadOnlyProfile: Decodable, Equatable {
    var name: String
    var fontSize = 14
}

/// Aliases without defaults: a missing key and aliases is still `keyNotFound`.
@ArchiveCodable
struct StrictProfile: Codable, Equatable {
    @ArchiveAlias("colour") var color: String
}

/// `defaultsForMissingKeys: false` is plain `@ArchiveCodable`: initial values are no defaults.
@ArchiveCodable(defaultsForMissingKeys: false)
struct NoDefaults: Codable, Equatable {
    var name: String
    var fontSize = 14
}

/// Every way of decoding the tests compare.
enum EvolutionDecoder: String, CaseIterable, CustomStringConvertible {
    case generated, generatedGeneral, codablePath, json, plist
    var description: String { rawValue }

    func decode<T: Decodable>(_ type: T.Type, from archive: Data, json: Data, plist: Data) throws -> T {
        var decoder = ArchiveDecoder()
        switch self {
        case .generated: return try decoder.decode(type, from: archive)
        case .generatedGeneral:
            decoder.readsMessages = false
            return try decoder.decode(type, from: archive)
        case .codablePath:
            decoder.usesGeneratedCode = false
            return try decoder.decode(type, from: archive)
        case .json: return try JSONDecoder().decode(type, from: json)
        case .plist: return try PropertyListDecoder().decode(type, from: plist)
        }
    }

    /// `value` encoded for this decoder and decoded as `T`.
    func transcode<T: Decodable>(_ value: some Encodable, as type: T.Type) throws -> T {
        try decode(type, from: try ArchiveEncoder().encode(value), json: try JSONEncoder().encode(value),
                   plist: try PropertyListEncoder().encode(value))
    }
}

@Suite struct AnnotatedEvolutionTests {
    @Test(arguments: EvolutionDecoder.allCases)
    func version2ReadsVersion1(decoder: EvolutionDecoder) throws {
        let v2 = try decoder.transcode(ProfileV1(name: "a", colour: "red", shade: 3), as: ProfileV2.self)
        #expect(v2 == ProfileV2(name: "a", color: "red", brightness: 3, fontSize: 14, nickname: nil, note: nil, tags: []))
    }

    @Test(arguments: EvolutionDecoder.allCases)
    func version2ReadsItself(decoder: EvolutionDecoder) throws {
        let value = ProfileV2(name: "b", color: "green", brightness: -1, fontSize: 9, nickname: nil, note: "n", tags: ["x"])
        #expect(try decoder.transcode(value, as: ProfileV2.self) == value)
    }

    @Test(arguments: EvolutionDecoder.allCases)
    func theCurrentKeyWinsOverAnAlias(decoder: EvolutionDecoder) throws {
        struct Both: Encodable { var name = "c", color = "new", colour = "old", brightness = 1, shade = 2 }
        let v2 = try decoder.transcode(Both(), as: ProfileV2.self)
        #expect(v2.color == "new")
        #expect(v2.brightness == 1)
    }

    @Test(arguments: EvolutionDecoder.allCases)
    func aliasesAreTriedInOrder(decoder: EvolutionDecoder) throws {
        struct Tone: Encodable { var name = "d", tone = 5, shade = 6 }
        #expect(try decoder.transcode(Tone(), as: ProfileV2.self).brightness == 5)
    }

    @Test(arguments: EvolutionDecoder.allCases)
    func aPropertyWithoutDefaultIsStillRequired(decoder: EvolutionDecoder) throws {
        struct NoBrightness: Encodable { var name = "e" }
        #expect {
            try decoder.transcode(NoBrightness(), as: ProfileV2.self)
        } throws: { error in
            guard case DecodingError.keyNotFound(let key, _) = error else { return false }
            return key.stringValue == "brightness"
        }
        #expect(try decoder.transcode(ProfileV1(name: "f", colour: "r", shade: 0), as: StrictProfile.self) == StrictProfile(color: "r"))
        struct Nothing: Encodable { var other = 1 }
        #expect {
            try decoder.transcode(Nothing(), as: StrictProfile.self)
        } throws: { error in
            guard case DecodingError.keyNotFound(let key, _) = error else { return false }
            return key.stringValue == "color"
        }
    }

    @Test(arguments: EvolutionDecoder.allCases)
    func aPresentKeyOfTheWrongTypeIsStillAnError(decoder: EvolutionDecoder) throws {
        struct Wrong: Encodable { var name = "g", brightness = 1, fontSize = "big" }
        struct WrongAlias: Encodable { var name = "g", colour = 7, brightness = 1 }
        for wrong in [Wrong() as any Encodable, WrongAlias()] {
            #expect {
                try decoder.transcode(wrong, as: ProfileV2.self)
            } throws: { error in
                guard case DecodingError.typeMismatch = error else { return false }
                return true
            }
        }
    }

    @Test(arguments: EvolutionDecoder.allCases)
    func aClassWithIntegerKeys(decoder: EvolutionDecoder) throws {
        // Keys by name: an archive matches the name of a key that has an integer; JSON and
        // property lists use key names only.
        struct Old: Encodable { var name = "h", colour = "gold" }
        let decoded = try decoder.transcode(Old(), as: ProfileClass.self)
        #expect(decoded == ProfileClass(name: "h", color: "gold"))
    }

    @Test(arguments: EvolutionDecoder.allCases)
    func decodableOnlyAndOptingOut(decoder: EvolutionDecoder) throws {
        struct Name: Encodable { var name = "i" }
        #expect(try decoder.transcode(Name(), as: ReadOnlyProfile.self) == ReadOnlyProfile(name: "i", fontSize: 14))
        #expect(throws: DecodingError.self) { try decoder.transcode(Name(), as: NoDefaults.self) }
    }

    @Test func encodingWritesTheCurrentKeysOnly() throws {
        let value = ProfileV2(name: "j", color: "c", brightness: 2, fontSize: 14, nickname: nil, note: nil, tags: [])
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(value)) as? [String: Any]
        #expect(Set(json?.keys.map { $0 } ?? []) == ["name", "color", "brightness", "fontSize", "tags", "version"])
        // Generated code and the synthesized encode(to:) write the same bytes.
        var codable = ArchiveEncoder()
        codable.usesGeneratedCode = false
        #expect(try ArchiveEncoder().encode(value) == codable.encode(value))
    }

    /// Random versions: each of version 2's keys written or not, under its name or an alias,
    /// with values of random types now and then; every decoder gives the same value, or an
    /// error of the same kind at the same key.
    @Test func randomArchivesDecodeAlikeEverywhere() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            var fields: [String: Field] = [:]
            for (names, make) in Self.fields {
                guard Bool.random(using: &generator) else { continue }
                let name = names.randomElement(using: &generator)!
                fields[name] = Int.random(in: 0..<10, using: &generator) == 0 ? .string("wrong") : make(&generator)
            }
            let document = Document(fields: fields)
            var outcomes: [String] = []
            for decoder in EvolutionDecoder.allCases {
                outcomes.append(Self.describe(Result { try decoder.transcode(document, as: ProfileV2.self) }))
            }
            #expect(Set(outcomes).count == 1, "\(fields): \(outcomes)")
        }
    }

    /// Version 2's keys, each with its aliases, and a value of its type.
    private static var fields: [([String], (inout SystemRandomNumberGenerator) -> Field)] { [
        (["name"], { .string("n\(Int.random(in: 0...9, using: &$0))") }),
        (["color", "colour"], { .string("c\(Int.random(in: 0...9, using: &$0))") }),
        (["brightness", "tone", "shade"], { .int(.random(in: -9...9, using: &$0)) }),
        (["fontSize"], { .int(.random(in: 0...30, using: &$0)) }),
        (["nickname"], { Bool.random(using: &$0) ? .null : .string("k") }),
        (["note"], { Bool.random(using: &$0) ? .null : .string("o") }),
        (["tags"], { .strings(Bool.random(using: &$0) ? [] : ["t"]) }),
    ] }

    private static func describe(_ result: Result<ProfileV2, any Error>) -> String {
        switch result {
        case .success(let value): return "\(value)"
        case .failure(DecodingError.keyNotFound(let key, _)): return "keyNotFound \(key.stringValue)"
        case .failure(DecodingError.typeMismatch(_, let context)): return "typeMismatch \(context.codingPath.last?.stringValue ?? "")"
        case .failure(DecodingError.valueNotFound(_, let context)): return "valueNotFound \(context.codingPath.last?.stringValue ?? "")"
        case .failure(let error): return "\(error)"
        }
    }
}

private enum Field {
    case string(String), int(Int), strings([String]), null
}

/// A keyed container of `fields`, in key order (a property list writes a null as its `$null`
/// marker, which its decoder reads back as `nil`).
private struct Document: Encodable {
    let fields: [String: Field]
    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: ArchiveAliasKey.self)
        for (name, field) in fields.sorted(by: { $0.key < $1.key }) {
            let key = ArchiveAliasKey(name)
            switch field {
            case .string(let s): try c.encode(s, forKey: key)
            case .int(let i): try c.encode(i, forKey: key)
            case .strings(let s): try c.encode(s, forKey: key)
            case .null: try c.encodeNil(forKey: key)
            }
        }
    }
}

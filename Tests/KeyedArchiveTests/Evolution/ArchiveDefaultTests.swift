import Foundation
import Testing
@testable import KeyedArchive

// `ArchiveDefault` with plain `Codable`: a missing key decodes as the default under every
// decoder the overloads reach (ArchiveDecoder, JSONDecoder, PropertyListDecoder), a present key
// as the bare value, and the wrapper writes the bare value's bytes.

private enum DefaultFontSize: ArchiveDefaultValue {
    static var defaultValue: Int { 14 }
}

private enum DefaultStart: ArchiveDefaultValue {
    static var defaultValue: Date { Date(timeIntervalSince1970: 86_400) }
}

private enum DefaultTheme: ArchiveDefaultValue {
    static var defaultValue: String? { "light" }
}

private struct Margins: Codable, Equatable {
    var top: Double
    var bottom: Double
}

private enum DefaultMargins: ArchiveDefaultValue {
    static var defaultValue: Margins { Margins(top: 8, bottom: 8) }
}

/// Version 1 of a settings type.
private struct SettingsV1: Codable, Equatable {
    var name: String
}

/// Version 2: every property but `name` is new, with a default.
private struct SettingsV2: Codable, Equatable {
    var name: String
    @ArchiveDefault<DefaultFontSize> var fontSize = DefaultFontSize.defaultValue
    @ArchiveDefault<ArchiveDefaults.False> var isPinned = false
    @ArchiveDefault<ArchiveDefaults.Zero<Double>> var zoom: Double = 0
    @ArchiveDefault<ArchiveDefaults.Empty<[Int]>> var recent: [Int] = []
    @ArchiveDefault<ArchiveDefaults.Empty<Data>> var blob = Data()
    @ArchiveDefault<DefaultStart> var start = DefaultStart.defaultValue
    @ArchiveDefault<DefaultTheme> var theme = DefaultTheme.defaultValue
    @ArchiveDefault<DefaultMargins> var margins = DefaultMargins.defaultValue
}

/// `SettingsV2` without the wrappers: what the wrapped type must write, byte for byte.
private struct SettingsV2Bare: Codable, Equatable {
    var name: String
    var fontSize: Int
    var isPinned: Bool
    var zoom: Double
    var recent: [Int]
    var blob: Data
    var start: Date
    var theme: String?
    var margins: Margins

    init(_ v: SettingsV2) {
        name = v.name; fontSize = v.fontSize; isPinned = v.isPinned; zoom = v.zoom; recent = v.recent
        blob = v.blob; start = v.start; theme = v.theme; margins = v.margins
    }
}

/// Integer keys, as `@ArchiveCodable` types and protobuf-minded users write them.
private struct IntKeyed: Codable, Equatable {
    var id: Int
    @ArchiveDefault<DefaultFontSize> var size: Int   // no initial value: the initializer asks for it
    enum CodingKeys: Int, CodingKey { case id = 1, size = 2 }
}

private struct IntKeyedV1: Codable {
    var id: Int
    enum CodingKeys: Int, CodingKey { case id = 1 }
}

/// The coders `ArchiveDefault` must behave the same under.
enum ArchiveDefaultCoder: String, CaseIterable, CustomStringConvertible {
    case archive, archiveDeterministic, archiveZlib, json, binaryPlist, xmlPlist
    var description: String { rawValue }

    func encode<T: Encodable>(_ value: T) throws -> Data {
        switch self {
        case .archive: return try ArchiveEncoder().encode(value)
        case .archiveDeterministic:
            var encoder = ArchiveEncoder()
            encoder.deterministic = true
            return try encoder.encode(value)
        case .archiveZlib:
            var encoder = ArchiveEncoder()
            encoder.compression = .zlib
            return try encoder.encode(value)
        case .json:
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            return try encoder.encode(value)
        case .binaryPlist:
            let encoder = PropertyListEncoder()
            encoder.outputFormat = .binary
            return try encoder.encode(value)
        case .xmlPlist:
            let encoder = PropertyListEncoder()
            encoder.outputFormat = .xml
            return try encoder.encode(value)
        }
    }

    func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        switch self {
        case .archive, .archiveDeterministic, .archiveZlib: return try ArchiveDecoder().decode(type, from: data)
        case .json: return try JSONDecoder().decode(type, from: data)
        case .binaryPlist, .xmlPlist: return try PropertyListDecoder().decode(type, from: data)
        }
    }
}

@Suite struct ArchiveDefaultTests {
    @Test(arguments: ArchiveDefaultCoder.allCases)
    func missingKeysDecodeAsTheirDefaults(coder: ArchiveDefaultCoder) throws {
        let data = try coder.encode(SettingsV1(name: "a"))
        let v2 = try coder.decode(SettingsV2.self, from: data)
        #expect(v2.name == "a")
        #expect(v2.fontSize == 14)
        #expect(v2.isPinned == false)
        #expect(v2.zoom == 0)
        #expect(v2.recent == [])
        #expect(v2.blob == Data())
        #expect(v2.start == Date(timeIntervalSince1970: 86_400))
        #expect(v2.theme == "light")
        #expect(v2.margins == Margins(top: 8, bottom: 8))
        #expect(v2 == SettingsV2(name: "a"))
    }

    @Test(arguments: ArchiveDefaultCoder.allCases)
    func presentKeysDecodeAsTheBareValue(coder: ArchiveDefaultCoder) throws {
        let value = SettingsV2(name: "b", fontSize: 20, isPinned: true, zoom: 1.5, recent: [3, -1, 1 << 40],
                               blob: Data([0, 255]), start: Date(timeIntervalSince1970: 1_000_000), theme: nil,
                               margins: Margins(top: 1, bottom: 2))
        let data = try coder.encode(value)
        #expect(try coder.decode(SettingsV2.self, from: data) == value)
        // A version 1 reader ignores the new keys.
        #expect(try coder.decode(SettingsV1.self, from: data) == SettingsV1(name: "b"))
    }

    @Test(arguments: [ArchiveDefaultCoder.archive, .archiveDeterministic, .json, .binaryPlist, .xmlPlist])
    func theWrapperWritesTheBareValuesBytes(coder: ArchiveDefaultCoder) throws {
        let values = [
            SettingsV2(name: "c"),
            SettingsV2(name: "", fontSize: .min, isPinned: true, zoom: -0.0, recent: [.max, .min],
                       blob: Data(repeating: 7, count: 300), start: Date(timeIntervalSince1970: -1), theme: "dark",
                       margins: Margins(top: .greatestFiniteMagnitude, bottom: -1))
        ]
        for value in values {
            #expect(try coder.encode(value) == coder.encode(SettingsV2Bare(value)))
        }
    }

    @Test(arguments: ArchiveDefaultCoder.allCases)
    func anOptionalsNilIsWrittenAndStaysNil(coder: ArchiveDefaultCoder) throws {
        let value = SettingsV2(name: "d", theme: nil)
        let decoded = try coder.decode(SettingsV2.self, from: try coder.encode(value))
        #expect(decoded.theme == nil)
    }

    @Test(arguments: ArchiveDefaultCoder.allCases)
    func aPresentKeyOfTheWrongTypeIsStillAnError(coder: ArchiveDefaultCoder) throws {
        struct Wrong: Codable { var name: String; var fontSize: String }
        let data = try coder.encode(Wrong(name: "e", fontSize: "big"))
        #expect {
            try coder.decode(SettingsV2.self, from: data)
        } throws: { error in
            guard case DecodingError.typeMismatch(_, let context) = error else { return false }
            return context.codingPath.map(\.stringValue) == ["fontSize"]
        }
    }

    @Test(arguments: [ArchiveDefaultCoder.archive, .json])
    func aPresentNullForANonOptionalIsStillAnError(coder: ArchiveDefaultCoder) throws {
        struct Null: Codable {
            var name: String
            func encode(to encoder: any Encoder) throws {
                var c = encoder.container(keyedBy: DynamicKey.self)
                try c.encode(name, forKey: DynamicKey("name"))
                try c.encodeNil(forKey: DynamicKey("fontSize"))
            }
        }
        let data = try coder.encode(Null(name: "f"))
        #expect {
            try coder.decode(SettingsV2.self, from: data)
        } throws: { error in
            guard case DecodingError.valueNotFound(_, let context) = error else { return false }
            return context.codingPath.map(\.stringValue) == ["fontSize"]
        }
    }

    @Test(arguments: ArchiveDefaultCoder.allCases)
    func integerKeys(coder: ArchiveDefaultCoder) throws {
        let old = try coder.encode(IntKeyedV1(id: 3))
        #expect(try coder.decode(IntKeyed.self, from: old) == IntKeyed(id: 3, size: 14))
        let new = try coder.encode(IntKeyed(id: 4, size: 9))
        #expect(try coder.decode(IntKeyed.self, from: new) == IntKeyed(id: 4, size: 9))
    }

    @Test func theWrapperAsAnArrayElementOrTopLevelValueIsTheBareValue() throws {
        let wrapped = [ArchiveDefault<DefaultFontSize>(wrappedValue: 1), ArchiveDefault(wrappedValue: 14)]
        let data = try ArchiveEncoder().encode(wrapped)
        // An array of wrappers is not an `[Int]` (which is packed): each element is an Int.
        struct Elements: Encodable {
            func encode(to encoder: any Encoder) throws {
                var c = encoder.unkeyedContainer()
                try c.encode(1)
                try c.encode(14)
            }
        }
        #expect(data == (try ArchiveEncoder().encode(Elements())))
        #expect(try ArchiveDecoder().decode([ArchiveDefault<DefaultFontSize>].self, from: data) == wrapped)
        let single = try ArchiveEncoder().encode(ArchiveDefault<DefaultStart>(wrappedValue: DefaultStart.defaultValue))
        #expect(single == (try ArchiveEncoder().encode(Date(timeIntervalSince1970: 86_400))))
    }

    @Test func theLibrarysDefaults() {
        #expect(ArchiveDefaults.True.defaultValue == true)
        #expect(ArchiveDefaults.False.defaultValue == false)
        #expect(ArchiveDefaults.Zero<Int8>.defaultValue == 0)
        #expect(ArchiveDefaults.Empty<String>.defaultValue == "")
        #expect(ArchiveDefaults.Empty<[Double]>.defaultValue == [])
    }

    /// Random presence: version 2 values encoded with each new key left out or not, decoded
    /// under every coder; each property is its value when written and its default when not.
    @Test(arguments: ArchiveDefaultCoder.allCases)
    func randomPresence(coder: ArchiveDefaultCoder) throws {
        var generator = DiffSource(seed: 0xDEFA_0017)
        for _ in 0..<200 {
            let value = SettingsV2(
                name: String(Int.random(in: 0..<1000, using: &generator)),
                fontSize: .random(in: -100...100, using: &generator), isPinned: .random(using: &generator),
                zoom: Double(Int.random(in: -8...8, using: &generator)) / 4,
                recent: (0..<Int.random(in: 0...3, using: &generator)).map { _ in .random(in: -9...9, using: &generator) },
                blob: Data((0..<Int.random(in: 0...3, using: &generator)).map { _ in .random(in: 0...255, using: &generator) }),
                start: Date(timeIntervalSince1970: Double(Int.random(in: 0...1_000_000, using: &generator))),
                theme: Bool.random(using: &generator) ? nil : "t\(Int.random(in: 0...9, using: &generator))",
                margins: Margins(top: 1, bottom: Double(Int.random(in: 0...9, using: &generator))))
            let present = Set(PartialSettings.Key.allCases.filter { _ in Bool.random(using: &generator) })
            let data = try coder.encode(PartialSettings(value: value, present: present))
            let decoded = try coder.decode(SettingsV2.self, from: data)
            let defaults = SettingsV2(name: value.name)
            func expected<T>(_ key: PartialSettings.Key, _ property: KeyPath<SettingsV2, T>) -> T {
                present.contains(key) ? value[keyPath: property] : defaults[keyPath: property]
            }
            #expect(decoded.fontSize == expected(.fontSize, \.fontSize))
            #expect(decoded.isPinned == expected(.isPinned, \.isPinned))
            #expect(decoded.zoom == expected(.zoom, \.zoom))
            #expect(decoded.recent == expected(.recent, \.recent))
            #expect(decoded.blob == expected(.blob, \.blob))
            #expect(decoded.start == expected(.start, \.start))
            #expect(decoded.theme == expected(.theme, \.theme))
            #expect(decoded.margins == expected(.margins, \.margins))
        }
    }
}

/// A `SettingsV2` written with only some of its new keys.
private struct PartialSettings: Encodable {
    enum Key: String, CodingKey, CaseIterable { case name, fontSize, isPinned, zoom, recent, blob, start, theme, margins }
    let value: SettingsV2
    let present: Set<Key>

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(value.name, forKey: .name)
        if present.contains(.fontSize) { try c.encode(value.fontSize, forKey: .fontSize) }
        if present.contains(.isPinned) { try c.encode(value.isPinned, forKey: .isPinned) }
        if present.contains(.zoom) { try c.encode(value.zoom, forKey: .zoom) }
        if present.contains(.recent) { try c.encode(value.recent, forKey: .recent) }
        if present.contains(.blob) { try c.encode(value.blob, forKey: .blob) }
        if present.contains(.start) { try c.encode(value.start, forKey: .start) }
        if present.contains(.theme) { try c.encode(value.theme, forKey: .theme) }
        if present.contains(.margins) { try c.encode(value.margins, forKey: .margins) }
    }
}

/// The differential generator's SplitMix64 stream, as the standard library's generator protocol.
extension DiffSource: RandomNumberGenerator {}

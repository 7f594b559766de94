import Foundation
import Testing
@testable import KeyedArchive

// MARK: - Helpers (file-private; shared ones are in Support/)

fileprivate let versionKey = CodingUserInfoKey(rawValue: "semantics.models.version")!

// MARK: - Models from Apple's Codable documentation and talks

/// "Encoding and Decoding Custom Types": a nested container flattens/unflattens a property.
fileprivate struct Coordinate: Equatable {
    var latitude: Double
    var longitude: Double
    var elevation: Double
}

extension Coordinate: Codable {
    enum CodingKeys: String, CodingKey { case latitude, longitude, additionalInfo }
    enum AdditionalInfoKeys: String, CodingKey { case elevation }

    init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        latitude = try values.decode(Double.self, forKey: .latitude)
        longitude = try values.decode(Double.self, forKey: .longitude)
        let additionalInfo = try values.nestedContainer(keyedBy: AdditionalInfoKeys.self, forKey: .additionalInfo)
        elevation = try additionalInfo.decode(Double.self, forKey: .elevation)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(latitude, forKey: .latitude)
        try container.encode(longitude, forKey: .longitude)
        var additionalInfo = container.nestedContainer(keyedBy: AdditionalInfoKeys.self, forKey: .additionalInfo)
        try additionalInfo.encode(elevation, forKey: .elevation)
    }
}

fileprivate struct Landmark: Codable, Equatable {
    var name: String
    var foundingYear: Int
    var location: Coordinate
    var vantagePoints: [Coordinate]
    var metadata: [String: String]
    var website: URL?
    enum CodingKeys: String, CodingKey {
        case name = "title"
        case foundingYear = "founding_date"
        case location, vantagePoints, metadata, website
    }
}

/// Integer coding keys (as in WWDC's "Data You Can Trust" / GitHub commit samples).
fileprivate struct Commit: Codable, Equatable {
    var hash: String
    var message: String
    var date: Date
    var author: Author
    var parents: [String]
    struct Author: Codable, Equatable {
        var name: String
        var email: String
        enum CodingKeys: Int, CodingKey { case name = 1, email = 2 }
    }
    enum CodingKeys: Int, CodingKey {
        case hash = 42
        case message = 100
        case date = 101
        case author = 102
        case parents = 103
    }
}

/// Superclass decoded through `superDecoder()`.
fileprivate class Animal: Codable {
    var name: String
    var legs: Int
    init(name: String, legs: Int) { self.name = name; self.legs = legs }
}

fileprivate final class Dog: Animal, Equatable {
    var breed: String
    var goodBoy: Bool
    init(name: String, breed: String, goodBoy: Bool) { self.breed = breed; self.goodBoy = goodBoy; super.init(name: name, legs: 4) }
    enum CodingKeys: String, CodingKey { case breed, goodBoy }
    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        breed = try container.decode(String.self, forKey: .breed)
        goodBoy = try container.decode(Bool.self, forKey: .goodBoy)
        let superDecoder = try container.superDecoder()
        try super.init(from: superDecoder)
    }
    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(breed, forKey: .breed)
        try container.encode(goodBoy, forKey: .goodBoy)
        try super.encode(to: container.superEncoder())
    }
    static func == (lhs: Dog, rhs: Dog) -> Bool {
        lhs.name == rhs.name && lhs.legs == rhs.legs && lhs.breed == rhs.breed && lhs.goodBoy == rhs.goodBoy
    }
}

/// Subclass encoding its superclass under an explicit key with `superEncoder(forKey:)`.
fileprivate class Worker: Codable {
    var name: String
    var salary: Decimal
    init(name: String, salary: Decimal) { self.name = name; self.salary = salary }
}

fileprivate final class Engineer: Worker, Equatable {
    var languages: Set<String>
    var mentor: String?
    init(name: String, salary: Decimal, languages: Set<String>, mentor: String?) {
        self.languages = languages; self.mentor = mentor; super.init(name: name, salary: salary)
    }
    enum CodingKeys: String, CodingKey { case languages, mentor, worker }
    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        languages = try container.decode(Set<String>.self, forKey: .languages)
        mentor = try container.decodeIfPresent(String.self, forKey: .mentor)
        try super.init(from: container.superDecoder(forKey: .worker))
    }
    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(languages, forKey: .languages)
        try container.encodeIfPresent(mentor, forKey: .mentor)
        try super.encode(to: container.superEncoder(forKey: .worker))
    }
    static func == (lhs: Engineer, rhs: Engineer) -> Bool {
        lhs.name == rhs.name && lhs.salary == rhs.salary && lhs.languages == rhs.languages && lhs.mentor == rhs.mentor
    }
}

/// A point in an unkeyed container: `[x, y]`.
fileprivate struct Point2D: Codable, Equatable {
    var x: Double
    var y: Double
    init(x: Double, y: Double) { self.x = x; self.y = y }
    init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        x = try container.decode(Double.self)
        y = try container.decode(Double.self)
    }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(x)
        try container.encode(y)
    }
}

fileprivate struct Polyline: Codable, Equatable {
    var name: String
    var points: [Point2D]
}

/// An enum whose case is chosen by inspecting `allKeys`.
fileprivate enum MixedEmployee: Codable, Equatable {
    case manager(name: String, reports: [String])
    case contractor(name: String, agency: String, hourlyRate: Double)
    case intern(name: String)

    enum CodingKeys: String, CodingKey { case name, reports, agency, hourlyRate }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let name = try container.decode(String.self, forKey: .name)
        let keys = Set(container.allKeys)
        if keys.contains(.reports) {
            self = .manager(name: name, reports: try container.decode([String].self, forKey: .reports))
        } else if keys.contains(.agency) {
            self = .contractor(name: name, agency: try container.decode(String.self, forKey: .agency),
                               hourlyRate: try container.decode(Double.self, forKey: .hourlyRate))
        } else if keys == [.name] {
            self = .intern(name: name)
        } else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "unknown employee kind"))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .manager(let name, let reports):
            try container.encode(name, forKey: .name)
            try container.encode(reports, forKey: .reports)
        case .contractor(let name, let agency, let hourlyRate):
            try container.encode(name, forKey: .name)
            try container.encode(agency, forKey: .agency)
            try container.encode(hourlyRate, forKey: .hourlyRate)
        case .intern(let name):
            try container.encode(name, forKey: .name)
        }
    }
}

/// Dynamic keys: a dictionary of arbitrary style names, decoded with a `CodingKey` struct.
fileprivate struct BeerStyles: Codable, Equatable {
    struct Style: Codable, Equatable {
        var abv: Double
        var ibu: Int?
        var origin: String
    }
    var styles: [String: Style]

    struct StyleKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(styles: [String: Style]) { self.styles = styles }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: StyleKey.self)
        var styles: [String: Style] = [:]
        for key in container.allKeys {
            styles[key.stringValue] = try container.decode(Style.self, forKey: key)
        }
        self.styles = styles
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: StyleKey.self)
        for (name, style) in styles.sorted(by: { $0.key < $1.key }) {
            try container.encode(style, forKey: StyleKey(stringValue: name)!)
        }
    }
}

/// `userInfo` carrying a format version that changes the encoding.
fileprivate struct Contact: Codable, Equatable {
    var firstName: String
    var lastName: String

    enum V1Keys: String, CodingKey { case name }
    enum V2Keys: String, CodingKey { case first, last }

    init(firstName: String, lastName: String) { self.firstName = firstName; self.lastName = lastName }

    init(from decoder: any Decoder) throws {
        if decoder.userInfo[versionKey] as? Int == 1 {
            let name = try decoder.container(keyedBy: V1Keys.self).decode(String.self, forKey: .name)
            let parts = name.split(separator: " ", maxSplits: 1).map(String.init)
            firstName = parts[0]
            lastName = parts.count > 1 ? parts[1] : ""
        } else {
            let container = try decoder.container(keyedBy: V2Keys.self)
            firstName = try container.decode(String.self, forKey: .first)
            lastName = try container.decode(String.self, forKey: .last)
        }
    }

    func encode(to encoder: any Encoder) throws {
        if encoder.userInfo[versionKey] as? Int == 1 {
            var container = encoder.container(keyedBy: V1Keys.self)
            try container.encode("\(firstName) \(lastName)", forKey: .name)
        } else {
            var container = encoder.container(keyedBy: V2Keys.self)
            try container.encode(firstName, forKey: .first)
            try container.encode(lastName, forKey: .last)
        }
    }
}

fileprivate struct AddressBook: Codable, Equatable {
    var owner: Contact
    var contacts: [Contact]
    var groups: [String: [Contact]]
}

/// A typical record with synthesized (string) keys, for the size comparison.
fileprivate struct Record: Codable, Equatable {
    var identifier: Int
    var displayName: String
    var emailAddress: String
    var isActive: Bool
    var score: Double
    var createdAt: Date
    var tags: [String]
    var parentIdentifier: Int?
}

// MARK: - Fixtures

fileprivate let landmark = Landmark(
    name: "Mount Rainier", foundingYear: 1899,
    location: Coordinate(latitude: 46.8523, longitude: -121.7603, elevation: 4392),
    vantagePoints: [Coordinate(latitude: 46.78, longitude: -121.73, elevation: 1646), Coordinate(latitude: 0, longitude: 0, elevation: -0.0)],
    metadata: ["state": "WA", "park": "Mount Rainier National Park"],
    website: URL(string: "https://www.nps.gov/mora/"))

fileprivate let commit = Commit(
    hash: "a1b2c3d4e5f60718293a4b5c6d7e8f9012345678", message: "Fix the thing\n\nLonger description.",
    date: Date(timeIntervalSinceReferenceDate: 700_000_000.25),
    author: Commit.Author(name: "Ada", email: "ada@example.com"), parents: ["0000", "ffff"])

fileprivate let beerStyles = BeerStyles(styles: [
    "India Pale Ale": .init(abv: 6.5, ibu: 60, origin: "England"),
    "Stout": .init(abv: 5.0, ibu: nil, origin: "Ireland"),
    "Hefeweizen": .init(abv: 5.2, ibu: 12, origin: "Germany"),
    "": .init(abv: 0, ibu: 0, origin: "nowhere"),
    "123": .init(abv: 1, ibu: 1, origin: "numeric name"),
])

// MARK: - Tests

@Suite struct SemanticsModelsTests {
    @Test func landmarkWithNestedContainerRoundTrips() throws {
        try expectRoundTripWithEveryCompression(landmark)
        try expectRoundTripWithEveryCompression([landmark, landmark])
        // The nested container is really nested (the documented wire shape).
        let coordinate = try unarchive([String: [String: Double]].self, from: archive(landmark.location).asAdditionalInfoOnly())
        #expect(coordinate["additionalInfo"] == ["elevation": 4392])
    }

    @Test func commitWithIntegerKeysRoundTrips() throws {
        try expectRoundTripWithEveryCompression(commit)
        try expectRoundTripWithEveryCompression(Array(repeating: commit, count: 20))
        // Integer keys put no strings in the key table: the archive holds none of the key names.
        let data = try archive(commit)
        for name in ["hash", "message", "date", "author", "parents", "email"] {
            #expect(data.range(of: Data(name.utf8)) == nil, "key name \(name) found in the archive")
        }
        let decodedByInt = try unarchive([Int: String].self, from: archive(Commit.Author(name: "A", email: "E")))
        #expect(decodedByInt == [1: "A", 2: "E"])
    }

    @Test func dogWithSuperDecoderRoundTrips() throws {
        let dog = Dog(name: "Rex", breed: "Collie", goodBoy: true)
        try expectRoundTripWithEveryCompression(dog)
        try expectRoundTripWithEveryCompression([dog, Dog(name: "Fido", breed: "Pug", goodBoy: false)])
        struct Shape: Decodable { var breed: String; var goodBoy: Bool; var `super`: [String: AnyScalar] }
        let shape = try unarchive(Shape.self, from: archive(dog))
        #expect(shape.super["name"] == .string("Rex"))
        #expect(shape.super["legs"] == .int(4))
    }

    @Test func engineerWithSuperEncoderForKeyRoundTrips() throws {
        let engineer = Engineer(name: "Grace", salary: Decimal(string: "123456.78")!, languages: ["Swift", "COBOL"], mentor: nil)
        try expectRoundTripWithEveryCompression(engineer)
        try expectRoundTripWithEveryCompression(Engineer(name: "Linus", salary: 0, languages: [], mentor: "Grace"))
    }

    @Test func point2DInUnkeyedContainerRoundTrips() throws {
        try expectRoundTripWithEveryCompression(Point2D(x: 1.5, y: -2))
        try expectRoundTripWithEveryCompression(Polyline(name: "zigzag", points: (0..<100).map { Point2D(x: Double($0), y: Double($0 % 2)) }))
        #expect(try unarchive([Double].self, from: archive(Point2D(x: 3, y: 4))) == [3, 4])
        #expect(try unarchive(Point2D.self, from: archive([5.0, 6.0])) == Point2D(x: 5, y: 6))
    }

    @Test func mixedEmployeeChosenByAllKeysRoundTrips() throws {
        let staff: [MixedEmployee] = [
            .manager(name: "M", reports: ["a", "b"]),
            .contractor(name: "C", agency: "Temps Inc", hourlyRate: 99.5),
            .intern(name: "I"),
            .manager(name: "Solo", reports: []),
        ]
        for member in staff { try expectRoundTripWithEveryCompression(member) }
        try expectRoundTripWithEveryCompression(staff)
        try expectRoundTripWithEveryCompression(["team": staff])
    }

    @Test func beerStylesWithDynamicKeysRoundTrip() throws {
        try expectRoundTripWithEveryCompression(beerStyles)
        try expectRoundTripWithEveryCompression(BeerStyles(styles: [:]))
        // The dynamic-key archive reads as a plain dictionary.
        #expect(try unarchive([String: BeerStyles.Style].self, from: archive(beerStyles)) == beerStyles.styles)
    }

    @Test func beerStylesDecodeFromAPlainDictionaryArchive() throws {
        // A `[String: Style]` written by the standard library (whose key "123" has intValue 123)
        // must be readable by the dynamic, string-only `StyleKey` — as with JSONDecoder.
        let plain = try unarchive(BeerStyles.self, from: archive(beerStyles.styles))
        #expect(plain.styles.keys.sorted() == beerStyles.styles.keys.sorted())
        #expect(plain == beerStyles)
    }

    @Test(arguments: [1, 2])
    func userInfoVersionFlagSelectsTheEncoding(_ version: Int) throws {
        let book = AddressBook(
            owner: Contact(firstName: "Ada", lastName: "Lovelace"),
            contacts: [Contact(firstName: "Charles", lastName: "Babbage"), Contact(firstName: "Mary", lastName: "Somerville")],
            groups: ["science": [Contact(firstName: "Michael", lastName: "Faraday")]])
        for compression in everyCompression {
            let data = try archive(book, compression: compression, userInfo: [versionKey: version])
            #expect(try unarchive(AddressBook.self, from: data, userInfo: [versionKey: version]) == book)
        }
        // The flag really changed the format: reading with the other version fails.
        let data = try archive(book, userInfo: [versionKey: version])
        #expect(throws: DecodingError.self) { try unarchive(AddressBook.self, from: data, userInfo: [versionKey: 3 - version]) }
    }

    @Test func archiveOfManyRecordsIsClearlySmallerThanCompactJSON() throws {
        let records = (0..<1000).map { i in
            Record(identifier: i, displayName: "User \(i)", emailAddress: "user\(i)@example.com", isActive: i % 3 != 0,
                   score: Double(i) * 1.25, createdAt: Date(timeIntervalSinceReferenceDate: Double(i) * 60),
                   tags: i % 2 == 0 ? ["even"] : ["odd", "prime?"], parentIdentifier: i % 5 == 0 ? nil : i - 1)
        }
        let json = try JSONEncoder().encode(records)
        let binary = try archive(records)
        #expect(Double(binary.count) < 0.85 * Double(json.count), "archive \(binary.count) bytes, JSON \(json.count) bytes")
        #expect(try unarchive([Record].self, from: binary) == records)
        let compressed = try archive(records, compression: .zlib)
        #expect(compressed.count < binary.count)
        #expect(try unarchive([Record].self, from: compressed) == records)
    }
}

// MARK: - Small utilities for shape checks

fileprivate enum AnyScalar: Decodable, Equatable {
    case int(Int), string(String), double(Double), bool(Bool)
    init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if let value = try? c.decode(Int.self) { self = .int(value) }
        else if let value = try? c.decode(Bool.self) { self = .bool(value) }
        else if let value = try? c.decode(Double.self) { self = .double(value) }
        else { self = .string(try c.decode(String.self)) }
    }
}

fileprivate extension Data {
    /// Re-archives the `additionalInfo` entry alone (for checking the nested shape).
    func asAdditionalInfoOnly() throws -> Data {
        struct Only: Decodable { var additionalInfo: [String: Double] }
        let only = try unarchive(Only.self, from: self)
        return try archive(["additionalInfo": only.additionalInfo])
    }
}

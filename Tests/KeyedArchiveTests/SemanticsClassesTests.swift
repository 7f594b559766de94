import Foundation
import Testing
@testable import KeyedArchive

// Shared helpers (archive, expectRoundTrip, probes, DynamicKey, Box) are in Support/.

// MARK: - Models

/// Subclass shares the encoder with its superclass (one keyed container, merged).
fileprivate class Person: Codable, Equatable {
    var name: String
    var email: String?
    init(name: String, email: String?) { self.name = name; self.email = email }
    enum CodingKeys: String, CodingKey { case name, email }
    required init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = try c.decode(String.self, forKey: .name)
        email = try c.decodeIfPresent(String.self, forKey: .email)
    }
    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .name)
        try c.encodeIfPresent(email, forKey: .email)
    }
    func isEqual(to other: Person) -> Bool { type(of: self) == type(of: other) && name == other.name && email == other.email }
    static func == (lhs: Person, rhs: Person) -> Bool { lhs.isEqual(to: rhs) }
}

fileprivate final class Employee: Person {
    var id: Int
    init(name: String, email: String?, id: Int) { self.id = id; super.init(name: name, email: email) }
    enum EmployeeKeys: String, CodingKey { case id }
    required init(from decoder: any Decoder) throws {
        id = try decoder.container(keyedBy: EmployeeKeys.self).decode(Int.self, forKey: .id)
        try super.init(from: decoder)
    }
    override func encode(to encoder: any Encoder) throws {
        try super.encode(to: encoder)
        var c = encoder.container(keyedBy: EmployeeKeys.self)
        try c.encode(id, forKey: .id)
    }
    override func isEqual(to other: Person) -> Bool {
        guard let other = other as? Employee else { return false }
        return super.isEqual(to: other) && id == other.id
    }
}

/// Superclass encoded through `superEncoder()` / `superDecoder()`.
fileprivate class Animal: Codable {
    var legs: Int
    init(legs: Int) { self.legs = legs }
}

fileprivate final class Dog: Animal, Equatable {
    var name: String
    init(name: String, legs: Int) { self.name = name; super.init(legs: legs) }
    enum CodingKeys: String, CodingKey { case name }
    required init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = try c.decode(String.self, forKey: .name)
        try super.init(from: c.superDecoder())
    }
    override func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .name)
        try super.encode(to: c.superEncoder())
    }
    static func == (lhs: Dog, rhs: Dog) -> Bool { lhs.name == rhs.name && lhs.legs == rhs.legs }
}

/// Superclass encoded through `superEncoder(forKey:)`, taken first and filled last.
fileprivate final class Manager: Person {
    var reports: [String]
    init(name: String, reports: [String]) { self.reports = reports; super.init(name: name, email: nil) }
    enum ManagerKeys: Int, CodingKey { case base = 0, reports = 1 }
    required init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: ManagerKeys.self)
        reports = try c.decode([String].self, forKey: .reports)
        try super.init(from: c.superDecoder(forKey: .base))
    }
    override func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: ManagerKeys.self)
        let base = c.superEncoder(forKey: .base)
        try c.encode(reports, forKey: .reports)
        try super.encode(to: base)
    }
    override func isEqual(to other: Person) -> Bool {
        guard let other = other as? Manager else { return false }
        return super.isEqual(to: other) && reports == other.reports
    }
}

/// Three levels, the middle one unkeyed with a super encoder in the middle of the array.
fileprivate class Shape: Codable, Equatable {
    var id: Int
    init(id: Int) { self.id = id }
    static func == (lhs: Shape, rhs: Shape) -> Bool { lhs.isEqual(to: rhs) }
    func isEqual(to other: Shape) -> Bool { type(of: self) == type(of: other) && id == other.id }
}

fileprivate class Polygon: Shape {
    var sides: Int
    init(id: Int, sides: Int) { self.sides = sides; super.init(id: id) }
    required init(from decoder: any Decoder) throws {
        var u = try decoder.unkeyedContainer()
        let first = try u.decode(Int.self)
        let base = try u.superDecoder()
        let last = try u.decode(Int.self)
        guard first == last else { throw DecodingError.dataCorruptedError(in: u, debugDescription: "mismatch") }
        sides = first
        try super.init(from: base)
    }
    override func encode(to encoder: any Encoder) throws {
        var u = encoder.unkeyedContainer()
        try u.encode(sides)
        let base = u.superEncoder()
        try u.encode(sides)
        try super.encode(to: base)
    }
    override func isEqual(to other: Shape) -> Bool {
        guard let other = other as? Polygon else { return false }
        return super.isEqual(to: other) && sides == other.sides
    }
}

fileprivate final class Square: Polygon {
    var size: Double
    init(id: Int, size: Double) { self.size = size; super.init(id: id, sides: 4) }
    enum CodingKeys: String, CodingKey { case size, polygon }
    required init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        size = try c.decode(Double.self, forKey: .size)
        try super.init(from: c.superDecoder(forKey: .polygon))
    }
    override func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try super.encode(to: c.superEncoder(forKey: .polygon))
        try c.encode(size, forKey: .size)
    }
    override func isEqual(to other: Shape) -> Bool {
        guard let other = other as? Square else { return false }
        return super.isEqual(to: other) && size == other.size
    }
}

// MARK: - Tests

@Suite struct SemanticsClassesTests {
    @Test func subclassSharingTheEncoderMergesIntoOneContainer() throws {
        let employee = Employee(name: "Ann", email: "ann@example.com", id: 7)
        try expectRoundTrip(employee)
        try expectRoundTrip(Employee(name: "Bob", email: nil, id: -1))
        probeDecode(try archive(employee)) { decoder in
            let c = try decoder.container(keyedBy: DynamicKey.self)
            #expect(Set(c.allKeys.map(\.stringValue)) == ["name", "email", "id"])
        }
        // The superclass alone reads the same archive.
        let person = try unarchive(Person.self, from: archive(employee))
        #expect(person.name == "Ann")
        #expect(type(of: person) == Person.self)
    }

    @Test func decodingThroughAMetatypeProducesTheSubclass() throws {
        let data = try archive(Employee(name: "Ann", email: nil, id: 7))
        let type: Person.Type = Employee.self
        let decoded = try ArchiveDecoder().decode(type, from: data)
        #expect(decoded is Employee, "got \(Swift.type(of: decoded))")
        #expect((decoded as? Employee)?.id == 7)
        let fromBytes = try ArchiveDecoder().decode(Employee.self as Person.Type, from: [UInt8](data))
        #expect(fromBytes is Employee)
    }

    @Test func decodingThroughAMetatypeInsideContainersProducesTheSubclass() throws {
        // (Keyed containers are not checked: the standard library's `KeyedDecodingContainer`
        // wrapper forwards `T.self`, not the metatype, so even JSONDecoder returns the base class.)
        probeDecode(try archive([Employee(name: "Ann", email: nil, id: 7)])) { decoder in
            var u = try decoder.unkeyedContainer()
            let element = try u.decode(Employee.self as Person.Type)
            #expect(element is Employee, "unkeyed: got \(Swift.type(of: element))")
            #expect(try decoder.singleValueContainer().decode([Person].self).count == 1)
        }
        probeDecode(try archive(Employee(name: "Ann", email: nil, id: 7))) { decoder in
            let single = try decoder.singleValueContainer().decode(Employee.self as Person.Type)
            #expect(single is Employee, "single value: got \(Swift.type(of: single))")
        }
    }

    @Test func subclassUsingSuperEncoderAndSuperDecoder() throws {
        let dog = Dog(name: "Rex", legs: 4)
        try expectRoundTrip(dog)
        try expectRoundTrip([dog, Dog(name: "Tripod", legs: 3)])
        probeDecode(try archive(dog)) { decoder in
            let c = try decoder.container(keyedBy: DynamicKey.self)
            #expect(Set(c.allKeys.map(\.stringValue)) == ["name", "super"])
            let base = try c.nestedContainer(keyedBy: DynamicKey.self, forKey: DynamicKey("super"))
            #expect(try base.decode(Int.self, forKey: DynamicKey("legs")) == 4)
        }
    }

    @Test func subclassUsingSuperEncoderForKeyTakenEarly() throws {
        try expectRoundTrip(Manager(name: "Meg", reports: ["Ann", "Bob"]))
        probeDecode(try archive(Manager(name: "Meg", reports: []))) { decoder in
            enum K: Int, CodingKey { case base = 0, reports = 1 }
            let c = try decoder.container(keyedBy: K.self)
            #expect(Set(c.allKeys) == [.base, .reports])
            let base = try c.nestedContainer(keyedBy: DynamicKey.self, forKey: .base)
            #expect(try base.decode(String.self, forKey: DynamicKey("name")) == "Meg")
        }
    }

    @Test func threeLevelHierarchyWithUnkeyedSuperEncoder() throws {
        try expectRoundTrip(Polygon(id: 1, sides: 6))
        try expectRoundTrip(Square(id: 2, size: 1.5))
        try expectRoundTrip([Square(id: 3, size: 2), Square(id: 4, size: 0.25)])
        // The unkeyed super encoder keeps its slot between the two side counts.
        probeDecode(try archive(Polygon(id: 9, sides: 5))) { decoder in
            var u = try decoder.unkeyedContainer()
            #expect(u.count == 3)
            #expect(try u.decode(Int.self) == 5)
            let base = try u.nestedContainer(keyedBy: DynamicKey.self)
            #expect(try base.decode(Int.self, forKey: DynamicKey("id")) == 9)
            #expect(try u.decode(Int.self) == 5)
        }
    }

    /// As in `JSONDecoder` and `PropertyListDecoder`: a missing key gives a decoder over nil,
    /// whose reads throw `valueNotFound` at the key's path (it used to throw `keyNotFound` at once).
    @Test func superDecoderForAMissingKeyDecodesNil() throws {
        let data = try archive(["name": "x"])
        probeDecode(data) { decoder in
            enum K: String, CodingKey { case name, base }
            let c = try decoder.container(keyedBy: K.self)
            let sup = try c.superDecoder()
            #expect(sup.codingPath.map(\.stringValue) == ["super"])
            #expect(try sup.singleValueContainer().decodeNil())
            let error = #expect(throws: DecodingError.self) { try sup.container(keyedBy: K.self) }
            if case .valueNotFound(_, let context)? = error {
                #expect(context.codingPath.map(\.stringValue) == ["super"])
            } else {
                Issue.record("expected valueNotFound, got \(String(describing: error))")
            }
            let forKey = try c.superDecoder(forKey: .base)
            #expect(forKey.codingPath.map(\.stringValue) == ["base"])
            let read = #expect(throws: DecodingError.self) { try forKey.singleValueContainer().decode(Int.self) }
            if case .valueNotFound(_, let context)? = read {
                #expect(context.codingPath.map(\.stringValue) == ["base"])
            } else {
                Issue.record("expected valueNotFound, got \(String(describing: read))")
            }
        }
        #expect(throws: DecodingError.self) { try unarchive(Dog.self, from: archive(["name": "Rex"])) }
    }

    @Test func superDecoderInUnkeyedContainerAtEndThrowsValueNotFound() throws {
        probeDecode(try archive([1])) { decoder in
            var u = try decoder.unkeyedContainer()
            _ = try u.decode(Int.self)
            let error = #expect(throws: DecodingError.self) { try u.superDecoder() }
            if case .valueNotFound(_, let context)? = error {
                #expect(context.codingPath.map(\.stringValue) == ["Index 1"])
            } else {
                Issue.record("expected valueNotFound, got \(String(describing: error))")
            }
        }
    }

    @Test func classReferencesAreEncodedByValue() throws {
        // Two references to one object are two copies after decoding (no identity in Codable).
        let shared = Dog(name: "Same", legs: 4)
        let back = try unarchive([Dog].self, from: archive([shared, shared]))
        #expect(back == [shared, shared])
        #expect(back[0] !== back[1])
    }
}

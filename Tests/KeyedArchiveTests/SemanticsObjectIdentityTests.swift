#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Testing
@testable import KeyedArchive

/// `ArchiveEncoder.preservesObjectIdentity`: shared instances come back shared (`===`), and
/// the archive holds each once (`Spec/FORMAT.md` §9.5).
@Suite struct SemanticsObjectIdentityTests {
    final class Author: Codable {
        var name: String
        init(name: String) { self.name = name }
    }

    final class Tag: Codable, Hashable {
        let label: String
        init(_ label: String) { self.label = label }
        static func == (a: Tag, b: Tag) -> Bool { a === b }
        func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    }

    class Document: Codable {
        var title: String
        var author: Author
        var tags: [Tag]
        init(title: String, author: Author, tags: [Tag]) {
            self.title = title
            self.author = author
            self.tags = tags
        }
    }

    /// A subclass that encodes its superclass through `superEncoder()`.
    final class Report: Document {
        var reviewer: Author?
        init(title: String, author: Author, tags: [Tag], reviewer: Author?) {
            self.reviewer = reviewer
            super.init(title: title, author: author, tags: tags)
        }
        enum CodingKeys: String, CodingKey { case reviewer }
        required init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            reviewer = try container.decodeIfPresent(Author.self, forKey: .reviewer)
            try super.init(from: container.superDecoder())
        }
        override func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeIfPresent(reviewer, forKey: .reviewer)
            try super.encode(to: container.superEncoder())
        }
    }

    struct Library: Codable {
        var documents: [Document]
        var reports: [Report]
        var byName: [String: Author]
        var featured: Document?
        var pinned: Tag
    }

    static func library() -> Library {
        let ada = Author(name: "Ada"), alan = Author(name: "Alan")
        let swift = Tag("swift"), math = Tag("math")
        let notes = Document(title: "Notes", author: ada, tags: [swift, math])
        let report = Report(title: "Report", author: alan, tags: [math], reviewer: ada)
        return Library(
            documents: [notes, Document(title: "Sketch", author: ada, tags: [swift]), notes],
            reports: [report, report],
            byName: ["ada": ada, "alan": alan],
            featured: report,
            pinned: swift)
    }

    static func encoder(deterministic: Bool = false) -> ArchiveEncoder {
        var encoder = ArchiveEncoder()
        encoder.preservesObjectIdentity = true
        encoder.deterministic = deterministic
        return encoder
    }

    @Test(arguments: [false, true])
    func sharedInstancesComeBackShared(deterministic: Bool) throws {
        let data = try Self.encoder(deterministic: deterministic).encode(Self.library())
        let decoded = try ArchiveDecoder().decode(Library.self, from: data)
        let notes = decoded.documents[0]
        #expect(decoded.documents[2] === notes)
        #expect(decoded.documents[1] !== notes)
        #expect(decoded.documents[1].author === notes.author)
        #expect(decoded.byName["ada"] === notes.author)
        #expect(decoded.reports[0] === decoded.reports[1])
        #expect(decoded.reports[0].reviewer === notes.author)
        #expect(decoded.byName["alan"] === decoded.reports[0].author)
        // A subclass instance decoded through its superclass type is the same instance.
        #expect(decoded.featured === decoded.reports[0])
        #expect(decoded.pinned === notes.tags[0])
        #expect(decoded.documents[1].tags[0] === notes.tags[0])
        #expect(decoded.reports[0].tags[0] === notes.tags[1])
        #expect(notes.author.name == "Ada" && decoded.reports[0].title == "Report")
        // Mutating the shared author is seen from everywhere it is referenced.
        notes.author.name = "Ada Lovelace"
        #expect(decoded.byName["ada"]?.name == "Ada Lovelace")
        #expect(data[5] & 0x04 != 0)
    }

    @Test func archiveIsSmallerThanByValue() throws {
        // `featured` holds a Report: by value, Codable cannot decode it as a Document.
        var library = Self.library()
        library.featured = nil
        let shared = try Self.encoder().encode(library)
        let byValue = try ArchiveEncoder().encode(library)
        #expect(shared.count < byValue.count)
        // The same tree by value: the default archive decodes to separate instances.
        let decoded = try ArchiveDecoder().decode(Library.self, from: byValue)
        #expect(decoded.documents[2] !== decoded.documents[0])
        #expect(decoded.documents[2].title == decoded.documents[0].title)
    }

    @Test func withoutSharingTheBytesAreTheDefaultOnes() throws {
        let value = Document(title: "Alone", author: Author(name: "A"), tags: [Tag("x")])
        #expect(try Self.encoder().encode(value) == ArchiveEncoder().encode(value))
        #expect(try Self.encoder().encode([1, 2, 3]) == ArchiveEncoder().encode([1, 2, 3]))
    }

    // MARK: Wrong types

    struct Pair<A: Codable, B: Codable>: Codable {
        var first: A
        var second: B
    }

    struct AuthorFields: Codable { var name: String }

    final class Editor: Codable { var name = "E" }

    @Test func referenceToAnotherClassIsATypeMismatch() throws {
        let ada = Author(name: "Ada")
        let data = try Self.encoder().encode(Pair(first: ada, second: ada))
        #expect(throws: DecodingError.self) { try ArchiveDecoder().decode(Pair<Author, Editor>.self, from: data) }
        do {
            _ = try ArchiveDecoder().decode(Pair<Author, Editor>.self, from: data)
        } catch DecodingError.typeMismatch(_, let context) {
            #expect(context.codingPath.map(\.stringValue) == ["second"])
            #expect(context.debugDescription.contains("Author"))
        }
    }

    @Test func referenceReadAsAValueIsATypeMismatch() throws {
        let ada = Author(name: "Ada")
        let data = try Self.encoder().encode(Pair(first: ada, second: ada))
        // The first occurrence reads as a struct (the marker is transparent) ...
        let fields = try ArchiveDecoder().decode(Pair<AuthorFields, Author>.self, from: data)
        #expect(fields.first.name == "Ada" && fields.second.name == "Ada")
        // ... a reference does not: it would copy a value per reference.
        #expect(throws: DecodingError.self) { try ArchiveDecoder().decode(Pair<Author, AuthorFields>.self, from: data) }
        #expect(throws: DecodingError.self) { try ArchiveDecoder().decode(Pair<Author, String>.self, from: data) }
        #expect(throws: DecodingError.self) { try ArchiveDecoder().decode(Pair<Author, [String]>.self, from: data) }
    }

    // MARK: Encoder paths

    /// Writes `first` under a key, overwrites it with `other`, then writes `first` again: the
    /// first occurrence the encoder wrote is dropped (the last value wins).
    struct Overwriting<Instance: Encodable>: Encodable {
        let first: Instance
        let other: Instance
        enum Keys: String, CodingKey { case x, y, z }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(first, forKey: .x)
            try container.encode(other, forKey: .x)
            try container.encode(first, forKey: .y)
            try container.encode(first, forKey: .z)
        }
    }

    struct ThreeAuthors: Decodable {
        let x: Author, y: Author, z: Author
    }

    @Test func droppedFirstOccurrenceIsWrittenAgain() throws {
        let ada = Author(name: "Ada"), bob = Author(name: "Bob")
        let data = try Self.encoder().encode(Overwriting(first: ada, other: bob))
        let decoded = try ArchiveDecoder().decode(ThreeAuthors.self, from: data)
        #expect(decoded.x.name == "Bob" && decoded.y.name == "Ada")
        #expect(decoded.y === decoded.z && decoded.x !== decoded.y)
    }

    /// An author that counts the calls of its `encode(to:)`.
    final class CountingAuthor: Encodable {
        let name: String
        private(set) var encodeCalls = 0
        init(name: String) { self.name = name }
        enum Keys: String, CodingKey { case name }
        func encode(to encoder: any Encoder) throws {
            encodeCalls += 1
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(name, forKey: .name)
        }
    }

    /// The dropped first occurrence is written in full at the next one from the bytes the
    /// encoder already has: nothing is encoded twice, in either order of keys.
    @Test(arguments: [false, true]) func droppedFirstOccurrenceIsNotEncodedAgain(deterministic: Bool) throws {
        let ada = CountingAuthor(name: "Ada"), bob = CountingAuthor(name: "Bob")
        let data = try Self.encoder(deterministic: deterministic).encode(Overwriting(first: ada, other: bob))
        #expect(ada.encodeCalls == 1 && bob.encodeCalls == 1)
        let decoded = try ArchiveDecoder().decode(ThreeAuthors.self, from: data)
        #expect(decoded.x.name == "Bob" && decoded.y.name == "Ada")
        #expect(decoded.y === decoded.z && decoded.x !== decoded.y)
        // The same archive as if the first value had never been written.
        #expect(data == (try Self.encoder(deterministic: deterministic).encode(Ordered(x: bob, y: ada, z: ada))))
    }

    /// `x`, `y` and `z` written once each, in that order.
    struct Ordered: Encodable {
        let x: CountingAuthor, y: CountingAuthor, z: CountingAuthor
    }

    /// A value that writes an instance, then a reference to it into a container kept from
    /// earlier, then throws: its bytes are cut off, the reference stays.
    final class ReferencingThenFailing: Encodable {
        let author: CountingAuthor
        let kept: KeptContainer
        init(author: CountingAuthor, kept: KeptContainer) { self.author = author; self.kept = kept }
        enum Keys: String, CodingKey { case author }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(author, forKey: .author)
            try kept.container.encode(author)
            throw EncodingError.invalidValue(0, .init(codingPath: encoder.codingPath, debugDescription: "no"))
        }
    }

    /// An unkeyed container, kept to be written into later.
    final class KeptContainer {
        var container: any UnkeyedEncodingContainer
        init(_ container: any UnkeyedEncodingContainer) { self.container = container }
    }

    struct KeptReferenceOuter: Encodable {
        let ada: CountingAuthor, others: [CountingAuthor]
        enum Keys: String, CodingKey { case kept, failing, others }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            let kept = KeptContainer(container.nestedUnkeyedContainer(forKey: .kept))
            #expect(throws: EncodingError.self) {
                try container.encode(ReferencingThenFailing(author: ada, kept: kept), forKey: .failing)
            }
            try container.encode(others, forKey: .others)
        }
    }

    struct KeptReferenceDecoded: Decodable {
        let kept: [Author]
        let others: [Author]
    }

    /// The reference in the kept container outlives the value that threw: it names the
    /// instance that value wrote (whose bytes are kept for it, so it is encoded once), never
    /// one of the next instances met (one of which would have its number if numbers were reused).
    @Test(arguments: [false, true]) func aReferenceOutlivingAValueThatThrewNamesItsInstance(deterministic: Bool) throws {
        let ada = CountingAuthor(name: "Ada")
        let others = [CountingAuthor(name: "Bob"), CountingAuthor(name: "Cy")]
        let data = try Self.encoder(deterministic: deterministic).encode(KeptReferenceOuter(ada: ada, others: others))
        #expect(ada.encodeCalls == 1 && others.allSatisfy { $0.encodeCalls == 1 })
        let decoded = try ArchiveDecoder().decode(KeptReferenceDecoded.self, from: data)
        #expect(decoded.kept.map(\.name) == ["Ada"] && decoded.others.map(\.name) == ["Bob", "Cy"])
    }

    /// A class instance whose value is an array (packed: `[Int]`).
    final class EmptyNumbers: Encodable {
        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode([Int]())
        }
    }

    /// Writes an instance's array under a key, then continues that array twice through nested
    /// containers under the same key (as `JSONEncoder` continues any array).
    struct ContinuedTwice: Encodable {
        let numbers: EmptyNumbers
        enum Keys: Int, CodingKey { case numbers = 63 }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(numbers, forKey: .numbers)
            var continued = container.nestedUnkeyedContainer(forKey: .numbers)
            _ = continued.nestedUnkeyedContainer()
            _ = container.nestedUnkeyedContainer(forKey: .numbers)
        }
    }

    /// The second continuation continues the first, past the instance's marker and through the
    /// replacement the first made (it started a new empty array: the encoder differential's
    /// seed 34516, shrunk, once its programs' values became class instances).
    @Test func anInstancesArrayContinuedTwiceKeepsTheFirstContinuation() throws {
        let shared = try Self.encoder().encode(ContinuedTwice(numbers: EmptyNumbers()))
        #expect(shared == (try ArchiveEncoder().encode(ContinuedTwice(numbers: EmptyNumbers()))))
        struct Decoded: Decodable {
            let numbers: [[Int]]
            enum CodingKeys: Int, CodingKey { case numbers = 63 }
        }
        #expect(try ArchiveDecoder().decode(Decoded.self, from: shared).numbers == [[]])
    }

    struct Failing: Encodable {
        func encode(to encoder: any Encoder) throws {
            throw EncodingError.invalidValue(0, .init(codingPath: encoder.codingPath, debugDescription: "no"))
        }
    }

    final class Holder: Encodable {
        let author: Author
        init(_ author: Author) { self.author = author }
        enum Keys: String, CodingKey { case author, failing }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(author, forKey: .author)
            try container.encode(Failing(), forKey: .failing)
        }
    }

    /// A value that throws after writing an instance's first occurrence, caught by its parent:
    /// the instance's next occurrence must be written in full.
    struct CatchingParent: Encodable {
        let author: Author
        enum Keys: String, CodingKey { case holder, again, third }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            #expect(throws: EncodingError.self) { try container.encode(Holder(author), forKey: .holder) }
            try container.encode(author, forKey: .again)
            try container.encode(author, forKey: .third)
        }
    }

    struct AgainAndThird: Decodable {
        let again: Author, third: Author
    }

    @Test func rolledBackFirstOccurrenceIsWrittenAgain() throws {
        let data = try Self.encoder().encode(CatchingParent(author: Author(name: "Ada")))
        let decoded = try ArchiveDecoder().decode(AgainAndThird.self, from: data)
        #expect(decoded.again.name == "Ada" && decoded.again === decoded.third)
    }

    final class Link: Codable {
        let left: Link?
        let right: Link?
        init(left: Link?, right: Link?) { self.left = left; self.right = right }
    }

    /// 64 levels, each referring to the one below twice: 2^64 nodes by value, 64 shared.
    @Test func exponentialGraphIsLinear() throws {
        var top = Link(left: nil, right: nil)
        for _ in 0..<64 { top = Link(left: top, right: top) }
        let data = try Self.encoder().encode(top)
        #expect(data.count < 64 * 16)
        let decoded = try ArchiveDecoder().decode(Link.self, from: data)
        var level: Link? = decoded
        var depth = 0
        while let link = level {
            #expect(link.left === link.right)
            level = link.left
            depth += 1
        }
        #expect(depth == 65)
    }

    @Test func cyclesStillThrow() {
        final class Cell: Encodable {
            var next: Cell?
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: DynamicKey.self)
                try container.encodeIfPresent(next, forKey: DynamicKey("next"))
            }
        }
        let cell = Cell()
        cell.next = cell
        #expect(throws: EncodingError.self) { try Self.encoder().encode(cell) }
        #expect(throws: EncodingError.self) { try Self.encoder().encode([cell, cell]) }
    }

    @Test(arguments: [(ArchiveCompression.zlib, ArchiveChecksum.none), (.none, .crc32), (.zlib, .crc32)])
    func compressionAndChecksumKeepTheFlag(compression: ArchiveCompression, checksum: ArchiveChecksum) throws {
        var encoder = Self.encoder()
        encoder.compression = compression
        encoder.checksum = checksum
        let ada = Author(name: "Ada")
        let data = try encoder.encode([ada, ada, ada])
        #expect(data[5] & 0x04 != 0)
        let decoded = try ArchiveDecoder().decode([Author].self, from: data)
        #expect(decoded[0] === decoded[1] && decoded[1] === decoded[2])
    }

    /// An instance whose value is another instance, through a single-value container.
    final class Alias: Codable {
        let target: Author
        init(_ target: Author) { self.target = target }
        init(from decoder: any Decoder) throws { target = try decoder.singleValueContainer().decode(Author.self) }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(target)
        }
    }

    final class Label: Codable {
        let text: String
        init(_ text: String) { self.text = text }
        init(from decoder: any Decoder) throws { text = try decoder.singleValueContainer().decode(String.self) }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(text)
        }
    }

    struct Aliases: Codable {
        var aliases: [Alias]
        var authors: [Author]
        var labels: [Label]
    }

    struct AliasesAsValues: Decodable {
        var aliases: [AuthorFields]
        var labels: [String]
    }

    @Test func instancesWhoseValueIsAnInstanceOrAScalar() throws {
        let ada = Author(name: "Ada")
        let alias = Alias(ada)
        let label = Label("x")
        let value = Aliases(aliases: [alias, alias, Alias(ada)], authors: [ada], labels: [label, label])
        let data = try Self.encoder().encode(value)
        let decoded = try ArchiveDecoder().decode(Aliases.self, from: data)
        #expect(decoded.aliases[0] === decoded.aliases[1] && decoded.aliases[2] !== decoded.aliases[0])
        #expect(decoded.aliases[0].target === decoded.aliases[2].target && decoded.authors[0] === decoded.aliases[0].target)
        #expect(decoded.labels[0] === decoded.labels[1] && decoded.labels[0].text == "x")
        // Read as plain values, the first occurrences are transparent (the later ones are
        // references, which values cannot be: a struct over the shared ones fails).
        var once = value
        once.aliases = [alias]
        once.labels = [label]
        once.authors = []
        let single = try ArchiveDecoder().decode(AliasesAsValues.self, from: try Self.encoder().encode(once))
        #expect(single.aliases[0].name == "Ada" && single.labels == ["x"])
    }
}

/// Hostile archives with shared objects and references (`Spec/FORMAT.md` §9.5, §14): nothing
/// loops, recurses without bound, or allocates more than a pointer per reference.
@Suite struct RobustnessReferenceTests {
    static let header: [UInt8] = [0x4B, 0x41, 0x52, 0x43, 0x01, 0x04]

    final class Leaf: Codable {
        let n: Int
    }

    @Test func aLongChainOfMarkersIsSteppedOver() throws {
        let chain = [UInt8](repeating: 0x13, count: 200_000)
        // Read as a value type, the markers are transparent, without recursion.
        #expect(try ArchiveDecoder().decode(Int.self, from: Self.header + chain + [0x85, 0x00]) == 5)
        // Read as a class, each marker is an instance whose value is the next: the depth limit.
        #expect(throws: DecodingError.self) {
            try ArchiveDecoder().decode(SemanticsObjectIdentityTests.Alias.self, from: Self.header + chain + [0x10, 0x00])
        }
    }

    @Test func manyReferencesCostAPointerEach() throws {
        // [Leaf]: one shared Leaf {n: 1} (value 1: its 13; value 2: its keyed container) and
        // 100,000 references to value 1.
        let count = 100_001
        var payload: [UInt8] = varintBytes(UInt64(count)) + [0x13, 0x0C, 0x02, 0x01, 0x81]
        for _ in 1..<count { payload += [0x12, 0x01] }
        let bytes = Self.header + [0x0D] + varintBytes(UInt64(payload.count)) + payload + [0x01, 0x01, 0x6E]
        let leaves = try ArchiveDecoder().decode([Leaf].self, from: bytes)
        #expect(leaves.count == count && leaves.allSatisfy { $0 === leaves[0] } && leaves[0].n == 1)
    }

    @Test func referencesNeedTheFlag() {
        // The same shared object and reference without flag bit 2: unknown tags.
        let bytes: [UInt8] = [0x4B, 0x41, 0x52, 0x43, 0x01, 0x00, 0x0D, 0x08, 0x02, 0x13, 0x0C, 0x02, 0x01, 0x81, 0x12, 0x01, 0x01, 0x01, 0x6E]
        #expect(throws: DecodingError.self) { try ArchiveDecoder().decode([Leaf].self, from: bytes) }
        var flagged = bytes
        flagged[5] = 0x04
        #expect((try? ArchiveDecoder().decode([Leaf].self, from: flagged))?.count == 2)
    }

    private func varintBytes(_ value: UInt64) -> [UInt8] {
        var value = value
        var bytes: [UInt8] = []
        while value >= 0x80 {
            bytes.append(UInt8(value & 0x7F) | 0x80)
            value >>= 7
        }
        return bytes + [UInt8(value)]
    }
}

import Foundation
import ArchiveTestSupport
import KeyedArchive
import KeyedArchiveSamples

/// Decodes bytes as a seed's own type with a given decoder (its limits set); throws what the
/// decoder throws.
typealias SeedDecode = ([UInt8], ArchiveDecoder) throws -> Void

/// A well-formed archive the mutators start from: its bytes as written, the equivalent
/// uncompressed archive (for mutating the body of compressed and checksummed ones), its header
/// variant and, when known, the type that decodes it.
struct AgreementSeed {
    let name: String
    let archive: [UInt8]
    /// Header with flags 0 (but for bit 2, references, which is about the body), then the
    /// (inflated) body.
    let plain: [UInt8]
    /// Flag bits 0 (zlib) and 1 (CRC-32) of `archive`.
    let flags: UInt8
    /// Where the structure of `plain` is.
    let landmarks: SpecObservations
    let decode: SeedDecode?

    init(name: String, archive: [UInt8], decode: SeedDecode?) throws {
        self.name = name
        self.archive = archive
        flags = archive[5] & 0x03
        let body = try SpecReader(archive).open().bytes
        plain = Array(body[..<5]) + [body[5] & 0x04] + body[6...]
        landmarks = try requireNonNil(SpecReader(plain).observations(), "seed \(name) is not well-formed")
        self.decode = decode
    }
}

/// `try #require` without the Testing macro, for building seeds outside a test body.
private func requireNonNil<T>(_ value: T?, _ message: String) throws -> T {
    guard let value else { throw SeedError(message: message) }
    return value
}

private struct SeedError: Error { let message: String }

private func decoding<T: Decodable>(_: T.Type) -> SeedDecode {
    { bytes, decoder in _ = try decoder.decode(T.self, from: bytes) }
}

// MARK: - Models for the seeds

/// Integer keys, nested containers, optionals, packed arrays, non-ASCII strings, dictionaries.
struct AgreementIntKeyed: Codable, Sendable {
    var id: Int
    var name: String
    var tags: [String]
    var scores: [Double]
    var nested: [[Int8]]
    var maybe: Int??
    var nothing: Int?
    var counts: [String: Int]
    var blob: Data
    var small: [Int16]
    var big: UInt64
    enum CodingKeys: Int, CodingKey { case id = 1, name, tags, scores, nested, maybe, nothing, counts, blob, small, big }
}

/// String keys, structs in arrays, integer-keyed dictionaries, optionals of structs, Foundation types.
struct AgreementStringKeyed: Codable, Sendable {
    struct Inner: Codable, Sendable {
        var label: String
        var weight: Float
        var child: [Inner]?
    }
    var title: String
    var inner: Inner?
    var list: [Inner]
    var byNumber: [Int: String]
    var flags: [Bool]
    var when: Date
    var id: UUID
    var link: URL
    var optionals: [Int??]
    var negative: Int64
}

// MARK: - The seeds

enum AgreementSeeds {
    /// Every valid golden vector, and the models above and of `KeyedArchiveSamples` in the four
    /// header variants; the archives with references only once the library reads them.
    static func all() throws -> [AgreementSeed] {
        let seeds = try goldenVectors() + encodedModels()
        let withoutReferences = seeds.filter { $0.plain[5] & 0x04 == 0 }
        return referenceSeedsEnabled ? seeds + (try referenceVariants()) : withoutReferences
    }

    /// Whether the seeds with shared objects and references (§9.5, header flag bit 2) take part:
    /// always, since the library reads references; `SPEC_AGREE_REFERENCES=0` leaves them out
    /// to tell a disagreement about references from any other.
    static let referenceSeedsEnabled = ProcessInfo.processInfo.environment["SPEC_AGREE_REFERENCES"] != "0"

    /// The golden vectors with references in the three other header variants (compressed,
    /// checksummed, both), so that the reference checks are also reached inside an inflated body.
    static func referenceVariants() throws -> [AgreementSeed] {
        try goldenVectors().filter { $0.plain[5] & 0x04 != 0 }.flatMap { seed in
            try [(UInt8(0x01), "zlib"), (0x02, "crc32"), (0x03, "zlib+crc32")].map { flags, variant in
                try AgreementSeed(name: "\(seed.name) \(variant)", archive: SpecArchiveWrapping.wrap(seed.plain, flags: flags), decode: seed.decode)
            }
        }
    }

    /// `Spec/vectors/valid/*.hex`, with a decoding type when the vector's `decode-as` is a
    /// standard type.
    static func goldenVectors() throws -> [AgreementSeed] {
        let types: [String: SeedDecode] = [
            "Int": decoding(Int.self), "Int64": decoding(Int64.self), "UInt64": decoding(UInt64.self),
            "Int128": decoding(Int128.self), "UInt128": decoding(UInt128.self), "Float": decoding(Float.self),
            "Double": decoding(Double.self), "Bool": decoding(Bool.self), "Int?": decoding(Int?.self),
            "Int??": decoding(Int??.self), "String": decoding(String.self), "Data": decoding(Data.self),
            "[UInt8]": decoding([UInt8].self), "Date": decoding(Date.self), "UUID": decoding(UUID.self),
            "URL": decoding(URL.self), "[Double]": decoding([Double].self), "[Int32]": decoding([Int32].self),
            "[Int]": decoding([Int].self), "[String]": decoding([String].self),
        ]
        return try Vector.names(in: "valid").map { name in
            let vector = try Vector(folder: "valid", name: name)
            return try AgreementSeed(name: "vector \(name)", archive: vector.bytes, decode: vector["decode-as"].flatMap { types[$0] })
        }
    }

    /// Small instances of real models, each plain, `.zlib`, `.crc32` and both.
    static func encodedModels() throws -> [AgreementSeed] {
        let inner = AgreementStringKeyed.Inner(label: "Å-ring", weight: 0.25, child: [.init(label: "leaf", weight: -1, child: nil)])
        let stringKeyed = AgreementStringKeyed(
            title: "naïve café 🌍", inner: inner, list: [inner, .init(label: "", weight: .infinity, child: [])],
            byNumber: [-3: "minus three", 7: "seven"], flags: [true, false], when: Date(timeIntervalSinceReferenceDate: 12.5),
            id: UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!, link: URL(string: "https://example.com/ä?q=1")!,
            optionals: [.some(nil), nil, 3], negative: -300)
        let intKeyed = AgreementIntKeyed(
            id: 42, name: "ключ", tags: ["a", "β", "🎉"], scores: [1.5, -0.0], nested: [[1, -2], [], [127]],
            maybe: .some(nil), nothing: nil, counts: ["007": 1, "7": 2, "x": 3], blob: Data([0, 0xFF, 0x80]),
            small: [300, -1], big: UInt64.max)
        let models: [(String, (ArchiveEncoder) throws -> Data, SeedDecode)] = [
            ("AgreementIntKeyed", { try $0.encode(intKeyed) }, decoding(AgreementIntKeyed.self)),
            ("AgreementStringKeyed", { try $0.encode(stringKeyed) }, decoding(AgreementStringKeyed.self)),
            ("Commit", { try $0.encode(Commit.sample(count: 2)) }, decoding([Commit].self)),
            ("IntKeyedCommit", { try $0.encode(IntKeyedCommit.sample(count: 2)) }, decoding([IntKeyedCommit].self)),
            ("AppState", { try $0.encode(AppState.sample(documents: 2)) }, decoding(AppState.self)),
            ("IntKeyedAppState", { try $0.encode(IntKeyedAppState(AppState.sample(documents: 2))) }, decoding(IntKeyedAppState.self)),
        ]
        var seeds: [AgreementSeed] = []
        for (name, encode, decode) in models {
            for (variant, compression, checksum) in [("plain", ArchiveCompression.none, ArchiveChecksum.none), ("zlib", .zlib, .none),
                                                     ("crc32", .none, .crc32), ("zlib+crc32", .zlib, .crc32)] {
                var encoder = ArchiveEncoder()
                encoder.compression = compression
                encoder.checksum = checksum
                seeds.append(try AgreementSeed(name: "\(name) \(variant)", archive: [UInt8](try encode(encoder)), decode: decode))
            }
        }
        return seeds
    }
}

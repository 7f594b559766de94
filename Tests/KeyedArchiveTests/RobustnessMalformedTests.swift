import Foundation
import KeyedArchiveSamples
import Testing
import KeyedArchive

// Untrusted input: every truncation, deterministic random corruption, and hand-crafted hostile
// archives. Decoding must throw a DecodingError (format problems as dataCorrupted with an
// ArchiveFormatError) or return a value; it must never crash, hang or allocate what a length
// claims before checking it.

// MARK: - Models

fileprivate struct Address: Codable, Equatable {
    var street: String
    var city: String
    var zip: Int?
}

fileprivate struct Model: Codable, Equatable {
    var id: UUID
    var name: String
    var created: Date
    var tags: [String]
    var scores: [Double]
    var counts: [Int32]
    var address: Address
    var previous: [Address]
    var nickname: String?
    var missing: Int?
    var flags: [Bool]
    var nested: [[Int]]
    var meta: [String: Int]
    var big: Int128
    var negative: Int
    var url: URL
    var blob: Data
    var ratio: Float
    var emoji: String

    static let sample = Model(
        id: UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!,
        name: "Ada Lovelace", created: Date(timeIntervalSinceReferenceDate: 123_456_789.25),
        tags: ["math", "poetry", ""], scores: [1.5, -0.0, 1e300], counts: [1, -2, Int32.max],
        address: Address(street: "12 St James's Square", city: "London", zip: nil),
        previous: [Address(street: "a", city: "b", zip: 1), Address(street: "c", city: "d", zip: 70_000)],
        nickname: "Enchantress of Numbers", missing: nil, flags: [true, false],
        nested: [[1, 2], [], [300]], meta: ["x": 1, "y": -1000], big: Int128.min + 7, negative: -129,
        url: URL(string: "https://example.com/a?b=c")!, blob: Data([0, 1, 2, 0xFF]), ratio: 0.75, emoji: "👩‍💻")
}

/// The same shape with integer keys (no key table entries for its own fields).
fileprivate struct IntKeyedModel: Codable, Equatable {
    var a: Int
    var b: String
    var c: [Double]
    var d: [IntKeyedModel]
    var e: Date?
    var f: [Int: String]
    enum CodingKeys: Int, CodingKey { case a = 1, b = 2, c = 3, d = 100, e = -5, f = 1000 }

    static let sample = IntKeyedModel(
        a: 42, b: "int keys ✓", c: [0.5, 2.5], d: [
            IntKeyedModel(a: -1, b: "", c: [], d: [], e: nil, f: [:]),
            IntKeyedModel(a: 200, b: "child", c: [1], d: [], e: Date(timeIntervalSince1970: 0), f: [1: "one", -9: "minus nine"]),
        ], e: Date(timeIntervalSinceReferenceDate: 3.5), f: [7: "seven", Int.max: "max"])
}

/// Decodes anything: walks every container and scalar of an archive.
fileprivate indirect enum AnyValue: Decodable {
    case null, bool(Bool), int(Int128), uint(UInt128), double(Double), string(String)
    case keyed([(String, AnyValue)]), unkeyed([AnyValue])

    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int?
        init(stringValue: String) { self.stringValue = stringValue; self.intValue = nil }
        init(intValue: Int) { self.stringValue = "\(intValue)"; self.intValue = intValue }
    }

    init(from decoder: any Decoder) throws {
        if let c = try? decoder.container(keyedBy: AnyKey.self) {
            var entries: [(String, AnyValue)] = []
            for key in c.allKeys {
                entries.append((key.stringValue, try c.decode(AnyValue.self, forKey: key)))
                _ = c.contains(key)
                _ = try? c.decodeNil(forKey: key)
            }
            self = .keyed(entries)
            return
        }
        if var u = try? decoder.unkeyedContainer() {
            var elements: [AnyValue] = []
            while !u.isAtEnd {
                if try u.decodeNil() { elements.append(.null); continue }
                elements.append(try u.decode(AnyValue.self))
            }
            self = .unkeyed(elements)
            return
        }
        let s = try decoder.singleValueContainer()
        if s.decodeNil() { self = .null; return }
        if let v = try? s.decode(Bool.self) { self = .bool(v); return }
        if let v = try? s.decode(Int128.self) { self = .int(v); return }
        if let v = try? s.decode(UInt128.self) { self = .uint(v); return }
        if let v = try? s.decode(Double.self) { self = .double(v); return }
        if let v = try? s.decode(Data.self) { self = .string("\(v)"); return }
        if let v = try? s.decode(Date.self) { self = .double(v.timeIntervalSinceReferenceDate); return }
        if let v = try? s.decode(UUID.self) { self = .string(v.uuidString); return }
        if let v = try? s.decode(URL.self) { self = .string(v.absoluteString); return }
        self = .string(try s.decode(String.self))
    }
}

// MARK: - Helpers

fileprivate let header: [UInt8] = [0x4B, 0x41, 0x52, 0x43, 0x01, 0x00]

fileprivate func encode<T: Encodable>(_ value: T, _ compression: ArchiveCompression = .none) -> [UInt8] {
    var encoder = ArchiveEncoder()
    encoder.compression = compression
    return [UInt8](try! encoder.encode(value))
}

/// The format error of a `dataCorrupted`, or `nil` (recording an issue) for anything else.
@discardableResult
fileprivate func expectFormatError<T: Decodable>(
    _ type: T.Type, from bytes: [UInt8], _ kind: ArchiveFormatError.Kind? = nil,
    decoder: ArchiveDecoder = ArchiveDecoder(), _ comment: String = "",
    sourceLocation: SourceLocation = #_sourceLocation
) -> ArchiveFormatError? {
    do {
        let value = try decoder.decode(type, from: bytes)
        Issue.record("\(comment) decoding \(T.self) from \(hexPrefix(bytes)) succeeded: \(value)", sourceLocation: sourceLocation)
    } catch DecodingError.dataCorrupted(let context) {
        guard let format = context.underlyingError as? ArchiveFormatError else {
            Issue.record("\(comment) dataCorrupted without ArchiveFormatError: \(context.debugDescription)", sourceLocation: sourceLocation)
            return nil
        }
        if let kind {
            #expect(format.kind == kind, "\(comment) \(T.self) from \(hexPrefix(bytes)): \(format)", sourceLocation: sourceLocation)
        }
        return format
    } catch {
        Issue.record("\(comment) expected dataCorrupted, got \(error)", sourceLocation: sourceLocation)
    }
    return nil
}

fileprivate func hexPrefix(_ bytes: [UInt8]) -> String {
    let shown = bytes.prefix(48).map { String(format: "%02x", $0) }.joined(separator: " ")
    return bytes.count > 48 ? shown + " … (\(bytes.count) bytes)" : shown
}

fileprivate func expectAnyDecodingError<T: Decodable>(_ type: T.Type, _ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) {
    do {
        let value = try ArchiveDecoder().decode(type, from: bytes)
        Issue.record("decoding \(T.self) from \(hexPrefix(bytes)) succeeded: \(value)", sourceLocation: sourceLocation)
    } catch is DecodingError {
    } catch {
        Issue.record("expected a DecodingError, got \(error)", sourceLocation: sourceLocation)
    }
}

/// Decoding must throw a DecodingError or return: anything else is recorded.
fileprivate func expectDecodingErrorOrValue<T: Decodable>(_ type: T.Type, _ bytes: [UInt8], _ comment: @autoclosure () -> String, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
    do {
        _ = try ArchiveDecoder().decode(type, from: bytes)
        return true
    } catch is DecodingError {
        return false
    } catch {
        Issue.record("\(comment()): \(T.self) threw a non-DecodingError \(error)", sourceLocation: sourceLocation)
        return false
    }
}

fileprivate struct SampleArchive: Sendable, CustomTestStringConvertible {
    let name: String
    let bytes: [UInt8]
    let compressed: Bool
    var testDescription: String { name }
}

fileprivate let sampleArchives: [SampleArchive] = [
    SampleArchive(name: "string keys", bytes: encode(Model.sample), compressed: false),
    SampleArchive(name: "string keys, zlib", bytes: encode(Model.sample, .zlib), compressed: true),
    SampleArchive(name: "int keys", bytes: encode(IntKeyedModel.sample), compressed: false),
    SampleArchive(name: "int keys, zlib", bytes: encode(IntKeyedModel.sample, .zlib(level: 9)), compressed: true),
]

fileprivate func decodeSample(_ archive: SampleArchive, _ bytes: [UInt8]) throws {
    if archive.name.hasPrefix("string") {
        _ = try ArchiveDecoder().decode(Model.self, from: bytes)
    } else {
        _ = try ArchiveDecoder().decode(IntKeyedModel.self, from: bytes)
    }
}

@Suite struct RobustnessTruncationTests {
    @Test func samplesDecode() throws {
        #expect(try ArchiveDecoder().decode(Model.self, from: sampleArchives[0].bytes) == Model.sample)
        #expect(try ArchiveDecoder().decode(Model.self, from: sampleArchives[1].bytes) == Model.sample)
        #expect(try ArchiveDecoder().decode(IntKeyedModel.self, from: sampleArchives[2].bytes) == IntKeyedModel.sample)
        #expect(try ArchiveDecoder().decode(IntKeyedModel.self, from: sampleArchives[3].bytes) == IntKeyedModel.sample)
        for archive in sampleArchives { #expect(archive.bytes.count > 60, "\(archive.name): \(archive.bytes.count) bytes") }
    }

    @Test(arguments: sampleArchives)
    fileprivate func everyPrefixThrows(_ archive: SampleArchive) {
        for length in 0..<archive.bytes.count {
            let prefix = Array(archive.bytes[0..<length])
            do {
                try decodeSample(archive, prefix)
                Issue.record("\(archive.name): prefix of \(length)/\(archive.bytes.count) bytes decoded")
            } catch DecodingError.dataCorrupted(let context) {
                guard let format = context.underlyingError as? ArchiveFormatError else {
                    Issue.record("\(archive.name) prefix \(length): no ArchiveFormatError: \(context.debugDescription)")
                    continue
                }
                if archive.compressed {
                    #expect(format.kind == .truncated || format.kind == .compression, "prefix \(length): \(format)")
                } else {
                    #expect(format.kind == .truncated, "\(archive.name) prefix \(length): \(format)")
                }
                if let offset = format.offset { #expect(offset >= 0 && offset <= max(length, 6), "prefix \(length): \(format)") }
            } catch {
                Issue.record("\(archive.name) prefix \(length): expected dataCorrupted, got \(error)")
            }
            // The universal decoder must not crash either.
            _ = expectDecodingErrorOrValue(AnyValue.self, prefix, "\(archive.name) prefix \(length)")
        }
    }

    @Test(arguments: sampleArchives.filter { !$0.compressed })
    fileprivate func everyPrefixOfTheBodyInsideACompressedArchiveThrows(_ archive: SampleArchive) {
        // The zlib stream is intact; the archive it holds is cut short.
        let body = Array(archive.bytes[6...])
        for length in 0..<body.count {
            let bytes = compressedArchive(body: Array(body[0..<length]))
            do {
                try decodeSample(archive, bytes)
                Issue.record("\(archive.name): compressed prefix \(length) decoded")
            } catch DecodingError.dataCorrupted(let context) {
                let format = context.underlyingError as? ArchiveFormatError
                #expect(format?.kind == .truncated, "body prefix \(length): \(String(describing: format))")
            } catch {
                Issue.record("compressed body prefix \(length): \(error)")
            }
        }
        // Sanity: the full body in a stored zlib stream decodes.
        #expect(throws: Never.self) { try decodeSample(archive, compressedArchive(body: body)) }
    }

    @Test(arguments: sampleArchives.filter { $0.compressed })
    fileprivate func cuttingTheAdlerTrailerIsReportedAsTruncation(_ archive: SampleArchive) {
        // Only the 4-byte Adler-32 check is missing: every byte of the body was produced.
        for cut in 1...4 {
            let bytes = Array(archive.bytes.dropLast(cut))
            let format = expectFormatError(Model.self, from: bytes, .truncated, "cut \(cut) trailer bytes:")
            #expect(format.map { !$0.reason.contains("more than") } ?? true, "misleading reason: \(String(describing: format))")
        }
    }

    @Test func truncatedHeaders() {
        expectFormatError(Int.self, from: [], .truncated)
        for n in 1...5 { expectFormatError(Int.self, from: Array(header.prefix(n)), .truncated) }
        expectFormatError(Int.self, from: header, .truncated)
        expectFormatError(Int.self, from: header + [0x80], .truncated)  // no key table
        #expect(throws: Never.self) { try ArchiveDecoder().decode(Int.self, from: header + [0x80, 0x00]) }
    }
}

@Suite struct RobustnessCorruptionTests {
    @Test(arguments: sampleArchives)
    fileprivate func randomMutationsNeverCrash(_ archive: SampleArchive) {
        var rng = SampleGenerator(seed: 0xC0FFEE ^ UInt64(archive.bytes.count))
        var decoded = 0
        var failed = 0
        for trial in 0..<1500 {
            var bytes = archive.bytes
            let mutations = 1 + Int(rng.next() % 3)
            for _ in 0..<mutations {
                let position = Int(rng.next() % UInt64(bytes.count))
                switch rng.next() % 6 {
                case 0: bytes[position] = UInt8(truncatingIfNeeded: rng.next())
                case 1: bytes[position] ^= 1 << (rng.next() % 8)
                case 2: bytes.insert(UInt8(truncatingIfNeeded: rng.next()), at: position)
                case 3: if bytes.count > 1 { bytes.remove(at: position) }
                case 4: bytes[position] = [0x00, 0x7F, 0x80, 0xFF, 0x0C, 0x0D, 0x0E][Int(rng.next() % 7)]
                default:
                    // Overwrite a run with 0xFF (huge varints).
                    for i in position..<min(bytes.count, position + 1 + Int(rng.next() % 10)) { bytes[i] = 0xFF }
                }
            }
            do {
                try decodeSample(archive, bytes)
                decoded += 1
            } catch is DecodingError {
                failed += 1
            } catch {
                Issue.record("\(archive.name) trial \(trial): non-DecodingError \(error) for \(hexPrefix(bytes))")
            }
            _ = expectDecodingErrorOrValue(AnyValue.self, bytes, "\(archive.name) trial \(trial)")
        }
        #expect(decoded + failed == 1500)
        #expect(failed > 0)
    }

    @Test(arguments: sampleArchives.filter { !$0.compressed })
    fileprivate func everySingleByteValueAtEveryOffset(_ archive: SampleArchive) {
        // Exhaustive for the first bytes after the header, sampled values elsewhere.
        let interesting: [UInt8] = [0x00, 0x01, 0x02, 0x03, 0x04, 0x07, 0x0C, 0x0D, 0x0E, 0x0F, 0x10, 0x7F, 0x80, 0x81, 0xFE, 0xFF]
        for offset in 0..<archive.bytes.count {
            for value in interesting where value != archive.bytes[offset] {
                var bytes = archive.bytes
                bytes[offset] = value
                do {
                    try decodeSample(archive, bytes)
                } catch is DecodingError {
                } catch {
                    Issue.record("offset \(offset) = \(value): \(error)")
                }
            }
        }
    }

    @Test(arguments: sampleArchives.filter { !$0.compressed })
    fileprivate func corruptedBodiesInsideCompressedArchives(_ archive: SampleArchive) {
        // zlib's checksum rejects corrupted streams; corrupt the body before compressing so
        // the parser behind the inflater is exercised too.
        var rng = SampleGenerator(seed: 0xBADC0DE)
        let body = Array(archive.bytes[6...])
        for trial in 0..<500 {
            var mutated = body
            let position = Int(rng.next() % UInt64(mutated.count))
            if rng.next() % 2 == 0 {
                mutated[position] = UInt8(truncatingIfNeeded: rng.next())
            } else {
                mutated.insert(UInt8(truncatingIfNeeded: rng.next()), at: position)
            }
            let bytes = compressedArchive(body: mutated)
            do {
                try decodeSample(archive, bytes)
            } catch is DecodingError {
            } catch {
                Issue.record("trial \(trial): \(error)")
            }
            _ = expectDecodingErrorOrValue(AnyValue.self, bytes, "compressed trial \(trial)")
        }
    }

    @Test func flippingABitInACompressedStreamIsDetected() {
        let archive = sampleArchives[1].bytes
        // Header (6) and the inflated-size varint are before the stream.
        var rng = SampleGenerator(seed: 7)
        for _ in 0..<300 {
            var bytes = archive
            let position = 10 + Int(rng.next() % UInt64(bytes.count - 10))
            bytes[position] ^= 1 << (rng.next() % 8)
            // Any error is fine; a different value is not possible (Adler-32).
            do {
                let value = try ArchiveDecoder().decode(Model.self, from: bytes)
                #expect(value == Model.sample, "bit flip at \(position) produced a different value")
            } catch is DecodingError {
            } catch {
                Issue.record("bit flip at \(position): \(error)")
            }
        }
    }
}

// MARK: - Hostile archives

fileprivate let twoTo63 = UInt64(1) << 63
fileprivate let twoTo60 = UInt64(1) << 60

fileprivate struct OneKey: Codable { var a: Int }

@Suite struct RobustnessHostileInputTests {
    @Test func hugeLengths() {
        // String of 2^63 bytes.
        let string = header + [0x07] + varint(twoTo63) + Array("abc".utf8) + [0x00]
        expectFormatError(String.self, from: string, .truncated)
        expectFormatError(Int.self, from: string, .truncated)
        expectAnyDecodingError(AnyValue.self, string)
        // Bytes of 2^64 - 1.
        let bytes = header + [0x08] + varint(UInt64.max) + [1, 2, 3, 0x00]
        expectFormatError(Data.self, from: bytes, .truncated)
        expectFormatError([UInt8].self, from: bytes, .truncated)
        // Keyed / unkeyed containers and URL with 2^63 lengths.
        for tag: UInt8 in [0x0B, 0x0C, 0x0D] {
            let container = header + [tag] + varint(twoTo63) + [0x80, 0x00]
            expectFormatError([String: Int].self, from: container, .truncated)
            expectFormatError([Int].self, from: container, .truncated)
            expectFormatError(URL.self, from: container, .truncated)
        }
        // Lengths of Int.max and Int.max + 1 (must not overflow offset arithmetic).
        for length in [UInt64(Int.max), UInt64(Int.max) + 1, UInt64(Int.max) - 5] {
            expectFormatError(String.self, from: header + [0x07] + varint(length) + [0x41, 0x00], .truncated)
        }
        // A string length inside a keyed entry reaching past its container.
        expectFormatError([String: String].self, from: header + [0x0C, 0x03, 0x01, 0x07, 0x05, 0x01, 0x01, 0x61])
    }

    @Test func hugeCountsInUnkeyedContainers() {
        // Count 2^60 in a container whose length is consistent (varint 9 bytes + one element).
        let count = varint(twoTo60)
        let payload = count + [0x81]
        let bytes = header + [0x0D] + varint(UInt64(payload.count)) + payload + [0x00]
        expectFormatError([Int].self, from: bytes, .malformed)
        expectFormatError(ContiguousArray<Int>.self, from: bytes, .malformed)
        expectFormatError(Set<Int>.self, from: bytes, .malformed)
        expectFormatError([String].self, from: bytes, .malformed)
        expectFormatError(Data.self, from: bytes, .malformed)
        expectAnyDecodingError(AnyValue.self, bytes)
        // Count UInt64.max.
        let maxPayload = varint(UInt64.max) + [0x81]
        expectFormatError([Int].self, from: header + [0x0D] + varint(UInt64(maxPayload.count)) + maxPayload + [0x00], .malformed)
        // Count larger than the elements present (but not than the bytes).
        expectFormatError([Int].self, from: header + [0x0D, 0x02, 0x02, 0x81, 0x00], .malformed)
        expectFormatError([String].self, from: header + [0x0D, 0x07, 0x03, 0x07, 0x01, 0x41, 0x07, 0x01, 0x42, 0x00])
        // Count smaller than the elements present.
        expectFormatError([Int].self, from: header + [0x0D, 0x03, 0x01, 0x81, 0x82, 0x00], .malformed)
    }

    @Test func hugeCountsInPackedArrays() {
        for kind: UInt8 in 0x01...0x09 {
            for count in [twoTo60, twoTo63, UInt64.max, UInt64(Int.max / 2 + 1), (UInt64(1) << 61) + 1] {
                let bytes = header + [0x0E, kind] + varint(count) + [UInt8](repeating: 0, count: 16) + [0x00]
                expectFormatError([Double].self, from: bytes, .truncated, "kind \(kind) count \(count)")
                expectFormatError([Int8].self, from: bytes, .truncated)
                expectFormatError(ContiguousArray<Double>.self, from: bytes, .truncated)
                expectAnyDecodingError(AnyValue.self, bytes)
            }
            // One element short.
            let width = [1, 1, 2, 2, 4, 4, 8, 8, 4, 8][Int(kind)]
            let short = header + [0x0E, kind, 0x03] + [UInt8](repeating: 0x11, count: 3 * width - 1) + [0x00]
            expectFormatError([Int64].self, from: short, .truncated)
        }
        // Unknown element kinds (0x00 is not a wire kind).
        for kind: UInt8 in [0x00, 0x0A, 0x7F, 0xFF] {
            let bytes = header + [0x0E, kind, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00]
            expectFormatError([Int].self, from: bytes, .malformed, "kind \(kind)")
            expectFormatError([UInt8].self, from: bytes, .malformed, "kind \(kind)")
        }
    }

    @Test func keyIndexPastTheKeyTable() throws {
        // Root {key#1: 0}, key table with one entry "a": index 1 does not exist.
        let bytes = header + [0x0C, 0x02, 0x03, 0x80] + [0x01, 0x01, 0x61]
        expectFormatError(OneKey.self, from: bytes, .malformed)
        expectFormatError([String: Int].self, from: bytes, .malformed)
        expectAnyDecodingError(AnyValue.self, bytes)
        // Empty key table, and a huge index.
        expectFormatError([String: Int].self, from: header + [0x0C, 0x02, 0x01, 0x80, 0x00], .malformed)
        let hugeKey = varint(UInt64.max)
        expectFormatError([String: Int].self, from: header + [0x0C] + varint(UInt64(hugeKey.count + 1)) + hugeKey + [0x80, 0x00])
        // The same inside a nested container.
        let inner: [UInt8] = [0x0C, 0x02, 0x05, 0x80]
        let outer = header + [0x0C, UInt8(1 + inner.count), 0x01] + inner + [0x01, 0x01, 0x61]
        expectFormatError([String: [String: Int]].self, from: outer, .malformed)
        // Valid index 0 works.
        #expect(try ArchiveDecoder().decode(OneKey.self, from: header + [0x0C, 0x02, 0x01, 0x85] + [0x01, 0x01, 0x61]).a == 5)
    }

    @Test func hugeKeyTableCounts() {
        for count in [UInt64(1) << 40, UInt64.max, UInt64(Int.max), 3] {
            let bytes = header + [0x80] + varint(count) + [0x01, 0x61]
            expectFormatError(Int.self, from: bytes, .truncated, "key table count \(count)")
        }
        // A key table entry longer than what remains.
        expectFormatError(Int.self, from: header + [0x80, 0x01] + varint(twoTo63) + [0x61], .truncated)
        // Bytes after the key table.
        expectFormatError(Int.self, from: header + [0x80, 0x00, 0x00], .malformed)
        expectFormatError(Int.self, from: header + [0x80, 0x01, 0x01, 0x61, 0xFF], .malformed)
    }

    @Test func overlongAndOversizedVarints() throws {
        let ff20 = [UInt8](repeating: 0xFF, count: 20)
        expectFormatError(Int.self, from: header + [0x03] + ff20 + [0x00], .malformed)
        expectFormatError(Int.self, from: header + [0x04] + ff20 + [0x00], .malformed)
        expectFormatError(String.self, from: header + [0x07] + ff20 + [0x00], .malformed)
        expectFormatError([Int].self, from: header + [0x0D] + ff20 + [0x00], .malformed)
        expectFormatError([Int].self, from: header + [0x0E, 0x07] + ff20 + [0x00], .malformed)
        expectFormatError(Int?.self, from: header + [0x0F] + ff20 + [0x00], .malformed)
        expectFormatError(Int.self, from: header + [0x80] + ff20, .malformed)
        // 20 × 0xFF with nothing after: runs out first or exceeds 64 bits, never reads past the end.
        expectFormatError(Int.self, from: header + [0x03] + ff20)
        // Overlong forms.
        expectFormatError(Int.self, from: header + [0x03, 0x80, 0x00, 0x00], .malformed)
        expectFormatError(String.self, from: header + [0x07, 0x81, 0x00, 0x41, 0x00], .malformed)
        // 129 bits: too large for any integer.
        expectFormatError(UInt128.self, from: header + [0x03] + [UInt8](repeating: 0xFF, count: 18) + [0x04, 0x00], .malformed)
        #expect(try ArchiveDecoder().decode(UInt128.self, from: header + [0x03] + [UInt8](repeating: 0xFF, count: 18) + [0x03, 0x00]) == .max)
        // Below Int128.min.
        expectFormatError(Int128.self, from: header + [0x04] + [UInt8](repeating: 0x80, count: 18) + [0x02, 0x00], .malformed)
        #expect(try ArchiveDecoder().decode(Int128.self, from: header + [0x04] + [UInt8](repeating: 0xFF, count: 18) + [0x01, 0x00]) == .min)
        // Nested nil of level 0.
        expectFormatError(Int?.self, from: header + [0x0F, 0x00, 0x00], .malformed)
    }

    @Test(arguments: 0...255)
    func everyTagAsTheRoot(_ tag: Int) throws {
        let t = UInt8(tag)
        let shapes: [[UInt8]] = [
            header + [t, 0x00],
            header + [t],
            header + [t, 0x01, 0x41, 0x00],
            header + [t, 0x02, 0x01, 0x81, 0x00],
            header + [t, 0x09, 0x01] + [UInt8](repeating: 0x42, count: 16) + [0x00],
            header + [t] + [UInt8](repeating: 0x80, count: 12),
        ]
        for bytes in shapes {
            let asInt = expectDecodingErrorOrValue(Int.self, bytes, "tag \(tag)")
            _ = expectDecodingErrorOrValue(String.self, bytes, "tag \(tag)")
            _ = expectDecodingErrorOrValue([Int].self, bytes, "tag \(tag)")
            _ = expectDecodingErrorOrValue([Double].self, bytes, "tag \(tag)")
            _ = expectDecodingErrorOrValue(Model.self, bytes, "tag \(tag)")
            _ = expectDecodingErrorOrValue(IntKeyedModel.self, bytes, "tag \(tag)")
            _ = expectDecodingErrorOrValue(AnyValue.self, bytes, "tag \(tag)")
            _ = expectDecodingErrorOrValue(Date.self, bytes, "tag \(tag)")
            _ = expectDecodingErrorOrValue(UUID.self, bytes, "tag \(tag)")
            _ = expectDecodingErrorOrValue(Data.self, bytes, "tag \(tag)")
            _ = expectDecodingErrorOrValue(Int?.self, bytes, "tag \(tag)")
            if t >= 0x80, bytes.count == 8 {
                #expect(asInt)
                #expect(try ArchiveDecoder().decode(Int.self, from: bytes) == tag - 0x80)
            }
        }
        if (0x12..<0x80).contains(t) {
            expectFormatError(Int.self, from: header + [t, 0x00], .malformed)
            expectFormatError(AnyValue.self, from: header + [t, 0x00], .malformed)
        }
    }

    @Test func headerProblems() {
        expectFormatError(Int.self, from: [0x4B, 0x41, 0x52, 0x44, 0x01, 0x00, 0x80, 0x00], .notAnArchive)
        expectFormatError(Int.self, from: Array("{\"a\":1}".utf8), .notAnArchive)
        expectFormatError(Int.self, from: [0x00], .notAnArchive)
        expectFormatError(Int.self, from: [0x4B, 0x41, 0x52, 0x43, 0x02, 0x00, 0x80, 0x00], .unsupportedVersion)
        expectFormatError(Int.self, from: [0x4B, 0x41, 0x52, 0x43, 0x00, 0x00, 0x80, 0x00], .unsupportedVersion)
        // Bits 0 (zlib), 1 (CRC-32) and 2 (references) are defined; any other bit is
        // rejected, alone or not.
        for flags: UInt8 in [0x08, 0x10, 0x80, 0xFF, 0x0F, 0x0C] {
            expectFormatError(Int.self, from: [0x4B, 0x41, 0x52, 0x43, 0x01, flags, 0x80, 0x00], .unsupportedFlags)
        }
        // Bit 2 alone changes nothing for a body without shared objects or references.
        #expect((try? ArchiveDecoder().decode(Int.self, from: [0x4B, 0x41, 0x52, 0x43, 0x01, 0x04, 0x80, 0x00])) == 0)
    }

    @Test func invalidUTF8() {
        expectFormatError(String.self, from: header + [0x07, 0x02, 0xC3, 0x28, 0x00], .invalidUTF8)
        expectFormatError(String.self, from: header + [0x07, 0x01, 0xFF, 0x00], .invalidUTF8)
        // A UTF-8 sequence cut by the length.
        expectFormatError(String.self, from: header + [0x07, 0x01, 0xE2, 0x00], .invalidUTF8)
        // Surrogate code point encoded in UTF-8.
        expectFormatError(String.self, from: header + [0x07, 0x03, 0xED, 0xA0, 0x80, 0x00], .invalidUTF8)
        expectFormatError(URL.self, from: header + [0x0B, 0x02, 0xC3, 0x28, 0x00], .invalidUTF8)
        // In the key table.
        expectFormatError(Int.self, from: header + [0x80, 0x01, 0x02, 0xFF, 0xFE], .invalidUTF8)
        expectFormatError([String: Int].self, from: header + [0x0C, 0x02, 0x01, 0x80, 0x01, 0x01, 0xC0], .invalidUTF8)
    }

    @Test func fixedSizeValuesCutShort() {
        expectFormatError(UUID.self, from: header + [0x0A] + [UInt8](repeating: 1, count: 15), .truncated)
        expectFormatError(Date.self, from: header + [0x09] + [UInt8](repeating: 1, count: 7), .truncated)
        expectFormatError(Double.self, from: header + [0x06, 0, 0, 0, 0, 0, 0, 0], .truncated)
        expectFormatError(Float.self, from: header + [0x05, 0, 0, 0], .truncated)
        // Inside a container, the value may not borrow bytes from the next entry.
        let bytes = header + [0x0D, 0x06, 0x02, 0x0A, 0x01, 0x02, 0x03, 0x81, 0x00]
        expectFormatError([UUID].self, from: bytes)
        expectFormatError([Date].self, from: header + [0x0D, 0x05, 0x02, 0x09, 0x01, 0x02, 0x81, 0x00])
    }

    @Test func invalidURLStrings() {
        for string in ["", "http://[::1", "ht tp://x"] {
            let utf8 = Array(string.utf8)
            let bytes = header + [0x0B] + varint(UInt64(utf8.count)) + utf8 + [0x00]
            if URL(string: string) == nil {
                do {
                    _ = try ArchiveDecoder().decode(URL.self, from: bytes)
                    Issue.record("invalid URL \(string) decoded")
                } catch DecodingError.dataCorrupted {
                } catch {
                    Issue.record("invalid URL \(string): \(error)")
                }
            }
        }
    }

    @Test func packedElementIsNotAContainer() throws {
        // [Int] whose only element's bytes look like a packed-array header: tag (ignored),
        // kind Int8, count 5, then five bytes. An element of a packed array is a number, so
        // asking it for an unkeyed container must be a type mismatch, not a parse of its bytes.
        let element = Int(littleEndian: Int(bitPattern: UInt(0x05_04_03_02_01_05_01_0E)))
        let data = try ArchiveEncoder().encode([element])
        do {
            let value = try ArchiveDecoder().decode([[Int8]].self, from: data)
            Issue.record("an Int element decoded as [Int8]: \(value)")
        } catch DecodingError.typeMismatch {
        } catch {
            Issue.record("expected typeMismatch, got \(error)")
        }
        // A Double element likewise, and a byte of Data.
        #expect(throws: DecodingError.self) { try ArchiveDecoder().decode([[Int]].self, from: ArchiveEncoder().encode([1.0, 2.0])) }
        do {
            let value = try ArchiveDecoder().decode([[UInt8]].self, from: ArchiveEncoder().encode(Data([0x0E, 0x01, 0x01, 0x07])))
            Issue.record("a byte of Data decoded as an array: \(value)")
        } catch DecodingError.typeMismatch {
        } catch {
            Issue.record("expected typeMismatch, got \(error)")
        }
        // Asking for a keyed container is already a type mismatch.
        #expect(throws: DecodingError.self) { try ArchiveDecoder().decode([[String: Int]].self, from: data) }
    }

    // MARK: Compression

    @Test func hugeDeclaredInflatedSize() throws {
        let stream = zlibStored([0x80, 0x00])
        for size in [UInt64(100) << 30, (UInt64(256) << 20) + 1, UInt64.max, twoTo63] {
            let bytes = [0x4B, 0x41, 0x52, 0x43, 0x01, 0x01] + varint(size) + stream
            let format = expectFormatError(Int.self, from: bytes, .limitExceeded, "declared \(size)")
            #expect(format?.offset == 6)
        }
        // Exactly at the limit is not a limit problem (the stream is just too short).
        var small = ArchiveDecoder()
        small.limits.maximumInflatedSize = 2
        #expect(try small.decode(Int.self, from: compressedArchive(body: [0x80, 0x00])) == 0)
        small.limits.maximumInflatedSize = 1
        expectFormatError(Int.self, from: compressedArchive(body: [0x80, 0x00]), .limitExceeded, decoder: small)
    }

    @Test func hugeDeclaredSizeWithTheLimitRaisedToIntMax() {
        // A caller may raise the limit to "unlimited"; a hostile size must still throw
        // (not overflow `header + size`, not try to allocate petabytes).
        var decoder = ArchiveDecoder()
        decoder.limits.maximumInflatedSize = .max
        let stream = zlibStored([0x80, 0x00])
        // Above `Int.max` − 6 the plain archive could not be addressed: the platform's own
        // limit (§12.1), `limitExceeded`; at or below it, more than the stream can make.
        let largest = UInt64(Int.max) - 6
        for (size, kind) in [(UInt64(Int.max), ArchiveFormatError.Kind.limitExceeded), (largest + 1, .limitExceeded),
                             (largest, .compression), (UInt64(1) << 50, .compression)] {
            let bytes = [0x4B, 0x41, 0x52, 0x43, 0x01, 0x01] + varint(size) + stream
            let format = expectFormatError(Int.self, from: bytes, kind, decoder: decoder, "declared \(size)")
            #expect(format?.offset == 6)
        }
    }

    @Test func streamInflatesToMoreOrLessThanDeclared() throws {
        let plain = encode(Model.sample)
        let body = Array(plain[6...])
        let real = encode(Model.sample, .zlib)
        // Split the real compressed archive into its declared size and its stream.
        var p = 6
        var declared: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let b = real[p]; p += 1
            declared |= UInt64(b & 0x7F) << shift
            shift += 7
            if b < 0x80 { break }
        }
        #expect(declared == UInt64(body.count))
        let stream = Array(real[p...])
        for wrong in [declared - 1, declared + 1, 0, 1, declared * 2, declared / 2] {
            let bytes = [0x4B, 0x41, 0x52, 0x43, 0x01, 0x01] + varint(wrong) + stream
            expectFormatError(Model.self, from: bytes, nil, "declared \(wrong) for \(declared)")
        }
        // Same with hand-made stored streams (also 0 declared with a non-empty stream).
        expectFormatError(Int.self, from: compressedArchive(body: [0x80, 0x00], declaredSize: 1), .compression)
        expectFormatError(Int.self, from: compressedArchive(body: [0x80, 0x00], declaredSize: 3), .compression)
        expectFormatError(Int.self, from: compressedArchive(body: [0x80, 0x00], declaredSize: 0))
        // Empty body declared empty: a header-only archive, "no value".
        expectFormatError(Int.self, from: compressedArchive(body: [], declaredSize: 0), .truncated)
        // Bytes after the end of the zlib stream.
        expectFormatError(Model.self, from: real + [0x00])
        expectFormatError(Int.self, from: compressedArchive(body: [0x80, 0x00]) + [0x01, 0x02], .malformed)
        // Not a zlib stream at all.
        expectFormatError(Int.self, from: [0x4B, 0x41, 0x52, 0x43, 0x01, 0x01, 0x02, 0xDE, 0xAD, 0xBE, 0xEF], .compression)
        // No size, no stream.
        expectFormatError(Int.self, from: [0x4B, 0x41, 0x52, 0x43, 0x01, 0x01], .truncated)
        let noStream = expectFormatError(Int.self, from: [0x4B, 0x41, 0x52, 0x43, 0x01, 0x01, 0x02])
        #expect(noStream?.kind == .truncated || noStream?.kind == .compression)
        // Sanity: the stored stream helper produces archives the decoder accepts.
        #expect(try ArchiveDecoder().decode(Model.self, from: compressedArchive(body: body)) == Model.sample)
    }

    @Test func hostileBodiesBehindCompression() {
        // The checks apply to the inflated body exactly as to an uncompressed one.
        let payload = varint(twoTo60) + [0x81]
        let unkeyed: [UInt8] = [0x0D] + varint(UInt64(payload.count)) + payload + [0x00]
        expectFormatError([Int].self, from: compressedArchive(body: unkeyed), .malformed)
        expectFormatError([Double].self, from: compressedArchive(body: [0x0E, 0x09] + varint(twoTo60) + [0, 0, 0x00]), .truncated)
        expectFormatError(String.self, from: compressedArchive(body: [0x07] + varint(twoTo63) + [0x00]), .truncated)
        expectFormatError([String: Int].self, from: compressedArchive(body: [0x0C, 0x02, 0x03, 0x80, 0x00]), .malformed)
        // A compressed archive whose body sets the compression flag again is just bytes.
        expectFormatError(Int.self, from: compressedArchive(body: [0x4B, 0x41, 0x52, 0x43, 0x01, 0x01]))
    }
}

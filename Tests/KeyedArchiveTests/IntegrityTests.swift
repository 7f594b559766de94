import Foundation
import Testing
@testable import KeyedArchive

/// The optional CRC-32 (`ArchiveEncoder.checksum = .crc32`): any single flipped bit, anywhere in
/// a checksummed archive, plain or compressed, is an error; never a silently different value.
@Suite struct IntegrityTests {
    private struct Note: Codable, Equatable {
        var id: UUID
        var title: String
        var tags: [String]
        var created: Date
        var scores: [Double]
        var pinned: Bool
        var body: String?
    }

    private static let sample = [
        Note(id: UUID(uuidString: "8E1C3C7E-2B7A-4C4B-9E1E-6F1B2A3C4D5E")!, title: "Groceries", tags: ["home", "todo"],
             created: Date(timeIntervalSinceReferenceDate: 700_000_000.5), scores: [1.5, -2, .infinity], pinned: true, body: nil),
        Note(id: UUID(uuidString: "00000000-0000-0000-0000-000000000001")!, title: "Ünïcödé ✓", tags: [],
             created: Date(timeIntervalSinceReferenceDate: 0), scores: [], pinned: false, body: String(repeating: "text ", count: 20)),
    ]

    private func archive(_ compression: ArchiveCompression, checksum: ArchiveChecksum = .crc32) throws -> [UInt8] {
        var encoder = ArchiveEncoder()
        encoder.compression = compression
        encoder.checksum = checksum
        return [UInt8](try encoder.encode(Self.sample))
    }

    @Test(arguments: [ArchiveCompression.none, .zlib, .zlib(level: 9)])
    func checksummedArchivesRoundTrip(_ compression: ArchiveCompression) throws {
        let bytes = try archive(compression)
        let plain = try archive(compression, checksum: .none)
        #expect(bytes.count == plain.count + 4, "the checksum is a 4-byte trailer")
        #expect(bytes[5] == plain[5] | 0x02, "header flag bit 1 says so")
        #expect(try ArchiveDecoder().decode([Note].self, from: bytes) == Self.sample)
        // The trailer is the CRC-32 of every byte before it, little-endian.
        let body = Data(bytes.dropLast(4))
        #expect(Array(bytes.suffix(4)) == withUnsafeBytes(of: body.withUnsafeBytes(Zlib.crc32).littleEndian, Array.init))
    }

    @Test(arguments: [ArchiveCompression.none, .zlib])
    func everySingleBitFlipIsDetected(_ compression: ArchiveCompression) throws {
        let original = try archive(compression)
        var flips = 0
        for offset in original.indices {
            for bit in 0..<8 {
                var corrupted = original
                corrupted[offset] ^= 1 << bit
                flips += 1
                do {
                    let value = try ArchiveDecoder().decode([Note].self, from: corrupted)
                    Issue.record("flipping bit \(bit) of byte \(offset) decoded to \(value)")
                } catch let DecodingError.dataCorrupted(context) {
                    let kind = (context.underlyingError as? ArchiveFormatError)?.kind
                    // Past the header, the checksum is what catches it; in the header, the
                    // magic, version or flags checks may catch it first.
                    if offset >= 6 {
                        #expect(kind == .checksumMismatch, "bit \(bit) of byte \(offset): \(context.debugDescription)")
                    } else {
                        #expect(kind != nil, "bit \(bit) of byte \(offset): \(context.debugDescription)")
                    }
                } catch {
                    Issue.record("bit \(bit) of byte \(offset): unexpected \(error)")
                }
            }
        }
        #expect(flips == original.count * 8)
    }

    @Test func everyTruncationIsDetected() throws {
        let original = try archive(.none)
        for length in 0..<original.count {
            #expect(throws: DecodingError.self, "cut to \(length) bytes") {
                try ArchiveDecoder().decode([Note].self, from: Array(original.prefix(length)))
            }
        }
    }

    @Test func mismatchNamesTheTrailerOffset() throws {
        var bytes = try archive(.none)
        bytes[10] ^= 0x40
        #expect {
            try ArchiveDecoder().decode([Note].self, from: bytes)
        } throws: { error in
            guard case DecodingError.dataCorrupted(let context) = error,
                  let format = context.underlyingError as? ArchiveFormatError else { return false }
            return format.kind == .checksumMismatch && format.offset == bytes.count - 4 && context.codingPath.isEmpty
        }
    }

    @Test func checksumCoversTheRewrittenArchiveToo() throws {
        // Writing to a nested container after its parent moved on takes the late-write pass.
        struct Late: Encodable {
            enum Keys: String, CodingKey { case nested, after }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Keys.self)
                var nested = container.nestedUnkeyedContainer(forKey: .nested)
                try container.encode(1, forKey: .after)
                try nested.encode("late")
            }
        }
        struct Read: Decodable, Equatable { var nested: [String]; var after: Int }
        for compression in [ArchiveCompression.none, .zlib] {
            var encoder = ArchiveEncoder()
            encoder.checksum = .crc32
            encoder.compression = compression
            var bytes = [UInt8](try encoder.encode(Late()))
            #expect(try ArchiveDecoder().decode(Read.self, from: bytes) == Read(nested: ["late"], after: 1))
            bytes[bytes.count - 5] ^= 1
            #expect(throws: DecodingError.self) { try ArchiveDecoder().decode(Read.self, from: bytes) }
        }
    }
}

import CZlib
import Foundation
import Testing
@testable import KeyedArchive

/// `ArchiveDecoder.Limits`: every limit is checked before the memory it guards is allocated.
@Suite struct LimitsTests {
    @Test func defaultsAreTheDocumentedOnes() {
        let limits = ArchiveDecoder.Limits()
        #expect(limits.maximumDepth == 512)
        #expect(limits.maximumInflatedSize == 256 << 20)
        #expect(limits.maximumCollectionCount == 1 << 24)
        #expect(limits.maximumMessageSize == 64 << 20)
    }

    @Test func streamReadersTakeTheirMessageLimitFromTheDecoder() {
        var decoder = ArchiveDecoder()
        decoder.limits.maximumMessageSize = 1000
        #expect(ArchiveStreamReader(fileDescriptor: -1, decoder: decoder).maximumMessageSize == 1000)
        #expect(ArchiveStreamReader(fileDescriptor: -1, decoder: decoder, maximumMessageSize: 10).maximumMessageSize == 10)
        #expect(ArchiveStreamReader(fileDescriptor: -1).maximumMessageSize == 64 << 20)
    }

    private struct Point: Codable, Equatable { var x = 1 }
    private struct FourFields: Codable, Equatable { var a = 1, b = 2, c = 3, d = 4 }

    private func decoder(collections: Int) -> ArchiveDecoder {
        var decoder = ArchiveDecoder()
        decoder.limits.maximumCollectionCount = collections
        return decoder
    }

    private func expectLimitExceeded<T: Decodable>(
        _ type: T.Type, _ data: Data, _ decoder: ArchiveDecoder, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(sourceLocation: sourceLocation) {
            _ = try decoder.decode(type, from: data)
        } throws: { error in
            guard case DecodingError.dataCorrupted(let context) = error,
                  let format = context.underlyingError as? ArchiveFormatError else { return false }
            return format.kind == .limitExceeded
        }
    }

    @Test func collectionCountLimitsEveryContainerKind() throws {
        let encoder = ArchiveEncoder()
        let atLimit = decoder(collections: 3)
        // Exactly at the limit decodes; one more element is refused, whatever the container.
        #expect(try atLimit.decode([Int].self, from: encoder.encode([1, 2, 3])) == [1, 2, 3])
        expectLimitExceeded([Int].self, try encoder.encode([1, 2, 3, 4]), atLimit)                // packed
        expectLimitExceeded([Double].self, try encoder.encode([1.0, 2, 3, 4]), atLimit)           // packed, fast path
        expectLimitExceeded([String].self, try encoder.encode(["a", "b", "c", "d"]), atLimit)     // unkeyed, fast path
        expectLimitExceeded(ContiguousArray<String>.self, try encoder.encode(["a", "b", "c", "d"]), atLimit)
        expectLimitExceeded([Point].self, try encoder.encode(Array(repeating: Point(), count: 4)), atLimit)
        expectLimitExceeded(FourFields.self, try encoder.encode(FourFields()), atLimit)          // keyed
        expectLimitExceeded([String: Int].self, try encoder.encode(["a": 1, "b": 2, "c": 3, "d": 4]), atLimit)
        #expect(try atLimit.decode([Point].self, from: encoder.encode(Array(repeating: Point(), count: 3))).count == 3)
    }

    /// A Data value of 1 GiB of zeros, deflated in 1 MiB pieces so the test never holds 1 GiB.
    private func zipBomb(gibibytes: Int = 1) -> [UInt8] {
        let zeros = [UInt8](repeating: 0, count: 1 << 20)
        let size = gibibytes << 30
        var prefix: [UInt8] = [WireTag.bytes]
        var length = UInt64(size)
        while length >= 0x80 { prefix.append(UInt8(truncatingIfNeeded: length) | 0x80); length >>= 7 }
        prefix.append(UInt8(length))
        let inflatedSize = prefix.count + size + 1   // value, then an empty key table

        var archive: [UInt8] = [0x4B, 0x41, 0x52, 0x43, 0x01, 0x01]
        var declared = UInt64(inflatedSize)
        while declared >= 0x80 { archive.append(UInt8(truncatingIfNeeded: declared) | 0x80); declared >>= 7 }
        archive.append(UInt8(declared))

        var stream = z_stream()
        precondition(deflateInit_(&stream, Z_BEST_COMPRESSION, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK)
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: 1 << 16)
        func feed(_ input: [UInt8], _ flush: Int32) {
            input.withUnsafeBufferPointer { input in
                stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress!)
                stream.avail_in = uInt(input.count)
                repeat {
                    output.withUnsafeMutableBufferPointer { buffer in
                        stream.next_out = buffer.baseAddress!
                        stream.avail_out = uInt(buffer.count)
                        _ = deflate(&stream, flush)
                        archive.append(contentsOf: buffer[0..<(buffer.count - Int(stream.avail_out))])
                    }
                } while stream.avail_out == 0
            }
        }
        feed(prefix, Z_NO_FLUSH)
        for _ in 0..<(size >> 20) { feed(zeros, Z_NO_FLUSH) }
        feed([0x00], Z_FINISH)
        return archive
    }

    @Test func zipBombIsRefusedBeforeInflating() throws {
        let bomb = zipBomb()
        #expect(bomb.count < 2 << 20, "1 GiB of zeros compresses to about a megabyte (\(bomb.count) bytes)")
        #expect {
            _ = try ArchiveDecoder().decode(Data.self, from: bomb)
        } throws: { error in
            guard case DecodingError.dataCorrupted(let context) = error,
                  let format = context.underlyingError as? ArchiveFormatError else { return false }
            // Refused at the declared inflated size, right after the header.
            return format.kind == .limitExceeded && format.offset == 6
        }
    }
}

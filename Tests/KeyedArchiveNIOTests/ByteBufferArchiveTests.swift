import Foundation
import KeyedArchive
import KeyedArchiveNIO
import KeyedArchiveSamples
import NIOCore
import Testing

/// `ByteBuffer.writeArchive` / `readArchive` / `getArchive`: the bytes are exactly
/// `ArchiveEncoder`'s, values come back equal, and the reader index moves only on success.
@Suite struct ByteBufferArchiveTests {
    /// Encoders with each option that changes the bytes.
    static let encoders: [(String, ArchiveEncoder)] = {
        var zlib = ArchiveEncoder(); zlib.compression = .zlib
        var crc = ArchiveEncoder(); crc.checksum = .crc32
        var deterministic = ArchiveEncoder(); deterministic.deterministic = true
        return [("default", ArchiveEncoder()), ("zlib", zlib), ("crc32", crc), ("deterministic", deterministic)]
    }()

    @Test func writtenBytesAreTheEncodersAndReadBack() throws {
        let state = AppState.sample(documents: 20)
        for (name, encoder) in Self.encoders {
            var buffer = ByteBufferAllocator().buffer(capacity: 0)
            buffer.writeString("prefix")   // the archive goes at the writer index, after this
            let written = try buffer.writeArchive(state, encoder: encoder)
            let expected = [UInt8](try encoder.encode(state))
            #expect(written == expected.count, "\(name)")
            #expect(buffer.getBytes(at: 6, length: written) == expected, "\(name)")
            #expect(buffer.readString(length: 6) == "prefix")
            #expect(try buffer.readArchive(AppState.self) == state, "\(name)")
            #expect(buffer.readableBytes == 0, "\(name): the whole archive was consumed")
        }
    }

    @Test func sampleModelsRoundTrip() throws {
        var buffer = ByteBufferAllocator().buffer(capacity: 0)
        let commits = Commit.sample(count: 50)
        try buffer.writeArchive(commits)
        #expect(try buffer.readArchive([Commit].self) == commits)
        let intKeyed = IntKeyedCommit.sample(count: 50)
        try buffer.writeArchive(intKeyed)
        #expect(try buffer.readArchive([IntKeyedCommit].self) == intKeyed)
        let drawing = Drawing.sample(count: 40)
        try buffer.writeArchive(drawing)
        #expect(try buffer.readArchive(Drawing.self).isSame(as: drawing))
    }

    @Test func failedReadLeavesTheReaderIndex() throws {
        var buffer = ByteBufferAllocator().buffer(capacity: 0)
        try buffer.writeArchive(["a": 1, "b": 2])
        let before = buffer
        // The wrong type: a DecodingError, and nothing consumed.
        #expect(throws: DecodingError.self) { try buffer.readArchive([Int].self) }
        #expect(buffer == before)
        #expect(throws: DecodingError.self) { try buffer.readArchive(String.self, length: 5) }
        #expect(buffer == before)
        // Corrupt bytes: dataCorrupted, and nothing consumed.
        var corrupt = before
        corrupt.setInteger(UInt8(0xFF), at: corrupt.readerIndex)
        let corruptBefore = corrupt
        #expect {
            try corrupt.readArchive([String: Int].self)
        } throws: { error in
            guard case DecodingError.dataCorrupted = error else { return false }
            return true
        }
        #expect(corrupt == corruptBefore)
        // The right type succeeds afterwards.
        #expect(try buffer.readArchive([String: Int].self) == ["a": 1, "b": 2])
    }

    @Test func emptyAndTruncatedBuffersThrow() throws {
        var empty = ByteBufferAllocator().buffer(capacity: 0)
        #expect(throws: DecodingError.self) { try empty.readArchive(Int.self) }
        let archive = [UInt8](try ArchiveEncoder().encode([1, 2, 3]))
        for cut in 0..<archive.count {
            var buffer = ByteBuffer(bytes: archive[..<cut])
            #expect(throws: DecodingError.self, "cut at \(cut)") { try buffer.readArchive([Int].self) }
            #expect(buffer.readableBytes == cut)
        }
    }

    @Test func rawBufferDecodingUnderneath() throws {
        // `ArchiveDecoder.decode(_:from: UnsafeRawBufferPointer)`, which the buffer reads use:
        // an empty buffer without a base address is an error, not a crash.
        #expect(throws: DecodingError.self) { try ArchiveDecoder().decode(Int.self, from: UnsafeRawBufferPointer(start: nil, count: 0)) }
        let archive = [UInt8](try ArchiveEncoder().encode(["k": Data([1, 2, 3])]))
        let decoded = try archive.withUnsafeBytes { try ArchiveDecoder().decode([String: Data].self, from: $0) }
        #expect(decoded == ["k": Data([1, 2, 3])])
    }

    @Test func lengthDelimitedReadsTakeOnlyTheirBytes() throws {
        let first = [UInt8](try ArchiveEncoder().encode("first"))
        let second = [UInt8](try ArchiveEncoder().encode([1.5, -0.0, .infinity]))
        var buffer = ByteBuffer(bytes: first + second)
        // Not all there yet: nil, nothing consumed.
        #expect(try buffer.readArchive(String.self, length: first.count + second.count + 1) == nil)
        #expect(buffer.readableBytes == first.count + second.count)
        #expect(try buffer.readArchive(String.self, length: first.count) == "first")
        #expect(try buffer.readArchive([Double].self, length: second.count) == [1.5, -0.0, .infinity])
        #expect(buffer.readableBytes == 0)
        #expect(try buffer.readArchive(Int.self, length: -1) == nil)
    }

    @Test func getArchiveReadsAtAnIndexWithoutMoving() throws {
        var buffer = ByteBufferAllocator().buffer(capacity: 0)
        buffer.writeString("xyz")
        let start = buffer.writerIndex
        let length = try buffer.writeArchive(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!)
        buffer.moveReaderIndex(forwardBy: 1)   // the index is absolute, not relative to the reader index
        #expect(try buffer.getArchive(UUID.self, at: start, length: length)?.uuidString == "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
        #expect(buffer.readerIndex == 1)
        // Outside the readable bytes: nil.
        #expect(try buffer.getArchive(UUID.self, at: 0, length: length) == nil)
        #expect(try buffer.getArchive(UUID.self, at: start, length: length + 1) == nil)
        // A slice: the archive decodes where it lies.
        let slice = buffer.getSlice(at: start, length: length)!
        #expect(try slice.getArchive(UUID.self, at: 0, length: length) != nil)
    }

    @Test func failingEncodeLeavesTheBuffer() throws {
        struct Refuses: Encodable {
            func encode(to encoder: any Encoder) throws {
                var container = encoder.unkeyedContainer()
                try container.encode(1)
                throw EncodingError.invalidValue(1, .init(codingPath: [], debugDescription: "no"))
            }
        }
        var buffer = ByteBuffer(string: "kept")
        #expect(throws: EncodingError.self) { try buffer.writeArchive(Refuses()) }
        #expect(buffer == ByteBuffer(string: "kept"))
    }
}

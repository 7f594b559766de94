import Foundation
import ArchiveTestSupport
import KeyedArchive
import KeyedArchiveNIO
import KeyedArchiveSamples
import NIOCore
import NIOEmbedded
import Testing

/// `ArchiveFrameDecoder` in an `EmbeddedChannel`: frames written by `ArchiveStreamWriter`,
/// delivered split every way, come out as the messages written; every framing error of
/// `Spec/STREAMS.md` is reported with its offset and closes the connection.
@Suite struct ArchiveFrameDecoderTests {
    /// Messages of varied sizes, empty payload included.
    static let messages = [0, 1, 37, 300, 0, 1000].enumerated().map { PeerMessage.numbered($0.offset, size: $0.element) }

    @Test func framesSplitAtEveryOffsetDecodeWhole() throws {
        let bytes = try streamWriterBytes(Self.messages)
        for split in 0...bytes.count {
            let channel = try FrameDecodingChannel<PeerMessage>()
            try channel.receive(bytes[..<split])
            let early = try channel.messages()
            try channel.receive(bytes[split...])
            #expect(early + (try channel.messages()) == Self.messages, "split at \(split)")
            channel.end()
            #expect(channel.errors.isEmpty, "split at \(split): \(channel.errors)")
        }
    }

    @Test func framesDeliveredOneByteAtATime() throws {
        var zlib = ArchiveEncoder()
        zlib.compression = .zlib
        zlib.checksum = .crc32
        for encoder in [ArchiveEncoder(), zlib] {
            let bytes = try streamWriterBytes(Self.messages, encoder: encoder)
            let channel = try FrameDecodingChannel<PeerMessage>()
            var received: [PeerMessage] = []
            var boundaries: [Int] = []
            for (offset, byte) in bytes.enumerated() {
                try channel.receive([byte])
                let new = try channel.messages()
                if !new.isEmpty { boundaries.append(offset + 1) }
                received += new
            }
            #expect(received == Self.messages)
            // Each message came out when its frame's last byte arrived, not later.
            var expectedBoundaries: [Int] = []
            var end = 0
            for message in Self.messages {
                end += 4 + (try encoder.encode(message)).count
                expectedBoundaries.append(end)
            }
            #expect(boundaries == expectedBoundaries)
            channel.end()
            #expect(channel.errors.isEmpty)
        }
    }

    @Test func randomChunkingsDecodeWhole() throws {
        let messages = (0..<40).map { PeerMessage.numbered($0, size: ($0 &* 7919) % 700) }
        let bytes = try streamWriterBytes(messages)
        var random = SampleGenerator(seed: 13)
        for round in 0..<100 {
            let channel = try FrameDecodingChannel<PeerMessage>()
            var position = 0
            var received: [PeerMessage] = []
            while position < bytes.count {
                let size = min(bytes.count - position, Int.random(in: 1...(round % 2 == 0 ? 16 : 2_000), using: &random))
                try channel.receive(bytes[position ..< position + size])
                received += try channel.messages()
                position += size
            }
            #expect(received == messages, "round \(round)")
            #expect(channel.errors.isEmpty)
        }
    }

    @Test func severalFramesInOneRead() throws {
        let state = AppState.sample(documents: 5)
        let values = Array(repeating: state, count: 7)
        let channel = try FrameDecodingChannel<AppState>()
        try channel.receive(try streamWriterBytes(values))
        #expect(try channel.messages() == values)
        #expect(channel.isOpen)
    }

    @Test func aMessageOfExactlyTheMaximumIsAcceptedOneMoreIsNot() throws {
        let payloadSize = [UInt8](try ArchiveEncoder().encode(PeerMessage.numbered(0, size: 50))).count
        var decoder = ArchiveDecoder()
        decoder.limits.maximumMessageSize = payloadSize
        let fits = try FrameDecodingChannel<PeerMessage>(decoder: decoder)
        try fits.receive(try streamWriterBytes([PeerMessage.numbered(0, size: 50)]))
        #expect(try fits.messages() == [PeerMessage.numbered(0, size: 50)])
        #expect(fits.errors.isEmpty)

        decoder.limits.maximumMessageSize = payloadSize - 1
        let over = try FrameDecodingChannel<PeerMessage>(decoder: decoder)
        let bytes = try streamWriterBytes([PeerMessage.numbered(0, size: 50)])
        // Refused as soon as the header is in: the payload is never waited for.
        try over.receive(bytes[..<4])
        let error = try #require(over.errors.first as? ArchiveStreamError)
        #expect(error.kind == .messageTooLarge)
        #expect(error.offset == 0)
        #expect(!over.isOpen, "the connection is closed")
        #expect(try over.messages().isEmpty)
    }

    @Test func oversizedFrameAfterGoodOnesReportsItsOffsetAndDropsTheRest() throws {
        var decoder = ArchiveDecoder()
        decoder.limits.maximumMessageSize = 1 << 20
        let good = try streamWriterBytes(Array(Self.messages.prefix(2)))
        let channel = try FrameDecodingChannel<PeerMessage>(decoder: decoder)
        // Two good frames, then a header declaring 2^31 bytes and a megabyte of "payload".
        try channel.receive(good + [0, 0, 0, 0x80] + [UInt8](repeating: 7, count: 1 << 20))
        #expect(try channel.messages() == Array(Self.messages.prefix(2)))
        let error = try #require(channel.errors.first as? ArchiveStreamError)
        #expect(error.kind == .messageTooLarge)
        #expect(error.offset == good.count)
        #expect(channel.errors.count == 1)
        #expect(!channel.isOpen)
    }

    @Test func emptyFrameIsAnErrorAtItsOffset() throws {
        let good = try streamWriterBytes([Self.messages[1]])
        let channel = try FrameDecodingChannel<PeerMessage>()
        try channel.receive(good + [0, 0, 0, 0] + good)
        #expect(try channel.messages() == [Self.messages[1]], "the frame after the bad one is not read")
        let error = try #require(channel.errors.first as? ArchiveStreamError)
        #expect(error.kind == .emptyFrame)
        #expect(error.offset == good.count)
        #expect(!channel.isOpen)
    }

    @Test func answersToFramesBeforeABadOneGoOutBeforeTheClose() throws {
        let channel = EmbeddedChannel()
        let recorder = ErrorRecorder()
        try channel.pipeline.syncOperations.addHandlers(
            ByteToMessageHandler(ArchiveFrameDecoder<PeerMessage>()), MessageToByteHandler(ArchiveFrameEncoder<PeerMessage>()),
            EchoHandler(), recorder)
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
        let good = try streamWriterBytes(Array(Self.messages.prefix(3)))
        // One read: three good frames and an empty one. The echo handler writes an answer per
        // message and flushes at the end of the read; the close comes after that.
        try channel.writeInbound(channel.allocator.buffer(bytes: good + [0, 0, 0, 0]))
        #expect(channel.isActive, "not closed in the middle of the read")
        channel.pipeline.fireChannelReadComplete()
        channel.embeddedEventLoop.run()
        #expect(!channel.isActive)
        var written: [UInt8] = []
        while var buffer = try channel.readOutbound(as: ByteBuffer.self) { written += buffer.readBytes(length: buffer.readableBytes)! }
        #expect(written == (try streamWriterBytes(Self.messages.prefix(3).map(\.echoed))))
        #expect((recorder.errors.first as? ArchiveStreamError)?.kind == .emptyFrame)
    }

    @Test func undecodablePayloadIsReportedWithItsFrame() throws {
        let good = try streamWriterBytes([Self.messages[2]])
        let wrongType = try streamWriterBytes([["not", "a", "message"]])
        let channel = try FrameDecodingChannel<PeerMessage>()
        try channel.receive(good + wrongType + good)
        #expect(try channel.messages() == [Self.messages[2]])
        let error = try #require(channel.errors.first as? ArchiveFramePayloadError)
        #expect(error.offset == good.count)
        #expect(error.payloadLength == wrongType.count - 4)
        #expect(error.error is DecodingError)
        #expect("\(error)".hasPrefix("undecodable frame at offset \(good.count)"))
        #expect(channel.errors.count == 1)
        #expect(!channel.isOpen)
    }

    @Test func corruptedPayloadsNeverCrash() throws {
        // Every single-byte corruption of every payload byte: either the message decodes (to
        // something) or the error names the frame; the framing itself is intact.
        var encoder = ArchiveEncoder()
        encoder.checksum = .crc32
        let frame = try streamWriterBytes([Self.messages[2]], encoder: encoder)
        for position in 4..<frame.count {
            var bytes = frame
            bytes[position] ^= 0x5A
            let channel = try FrameDecodingChannel<PeerMessage>()
            try channel.receive(bytes)
            let received = try channel.messages()
            if received.isEmpty {
                let error = try #require(channel.errors.first as? ArchiveFramePayloadError, "position \(position)")
                #expect(error.offset == 0)
            } else {
                Issue.record("position \(position): a corrupted archive with a CRC-32 decoded")
            }
        }
    }

    @Test func truncatedLastFrameAtTheEndOfInput() throws {
        let bytes = try streamWriterBytes(Array(Self.messages.prefix(3)))
        let lastStart = try streamWriterBytes(Array(Self.messages.prefix(2))).count
        for cut in lastStart + 1 ..< bytes.count {
            let channel = try FrameDecodingChannel<PeerMessage>()
            try channel.receive(bytes[..<cut])
            channel.end()
            #expect(try channel.messages() == Array(Self.messages.prefix(2)), "cut at \(cut)")
            let error = try #require(channel.errors.first as? ArchiveStreamError, "cut at \(cut)")
            #expect(error.kind == .truncatedFrame)
            #expect(error.offset == lastStart)
            let missing = cut - lastStart < 4 ? 4 - (cut - lastStart) : bytes.count - cut
            #expect(error.missingByteCount == missing, "cut at \(cut)")
        }
    }

    @Test func cleanEndAtAFrameBoundaryIsNoError() throws {
        let channel = try FrameDecodingChannel<PeerMessage>()
        try channel.receive(try streamWriterBytes(Self.messages))
        channel.end()
        #expect(try channel.messages() == Self.messages)
        #expect(channel.errors.isEmpty)
    }

    @Test func removingTheDecoderMidFrameIsNoError() throws {
        let channel = EmbeddedChannel()
        let recorder = ErrorRecorder()
        let handler = ByteToMessageHandler(ArchiveFrameDecoder<PeerMessage>())
        try channel.pipeline.syncOperations.addHandlers(handler, recorder)
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
        let bytes = try streamWriterBytes([Self.messages[1], Self.messages[2]])
        let firstLength = try streamWriterBytes([Self.messages[1]]).count
        try channel.writeInbound(channel.allocator.buffer(bytes: bytes[..<(firstLength + 3)]))
        #expect(try channel.readInbound(as: PeerMessage.self) == Self.messages[1])
        // Removal runs as a task of the (embedded) event loop: run it, then see it done. The
        // partial frame it held is dropped, as documented: no torn-frame error, no stray bytes.
        let removed = channel.pipeline.syncOperations.removeHandler(handler)
        channel.embeddedEventLoop.run()
        try removed.wait()
        #expect(recorder.errors.isEmpty)
        #expect(try channel.readInbound(as: ByteBuffer.self) == nil)
        #expect(channel.isActive)
        #expect(try channel.finish().isClean)
    }

    // MARK: The stream vectors of Spec/vectors/streams

    @Test("Valid stream vector through the NIO decoder", arguments: Vector.names(in: "streams/valid"))
    func validStreamVector(name: String) throws {
        let vector = try Vector(folder: "streams/valid", name: name)
        let lengths = (vector["payload-lengths"] ?? "").split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        let firstPayloadError = (vector["payload-errors"] ?? "").split(separator: ";").compactMap {
            Int($0.split(separator: ":")[0].trimmingCharacters(in: .whitespaces))
        }.min()
        let channel = try FrameDecodingChannel<AnyArchive>()
        try channel.receive(vector.bytes)
        channel.end()
        let received = try channel.messages()
        if let bad = firstPayloadError {
            // Frames before the first bad payload come out; it closes the connection.
            #expect(received.count == bad, "\(name)")
            let error = try #require(channel.errors.first as? ArchiveFramePayloadError, "\(name)")
            #expect(error.offset == lengths.prefix(bad).reduce(0) { $0 + 4 + $1 }, "\(name)")
            #expect(error.payloadLength == lengths[bad])
        } else {
            #expect(received.count == vector["frames"].flatMap(Int.init), "\(name)")
            #expect(channel.errors.isEmpty, "\(name): \(channel.errors)")
        }
    }

    @Test("Invalid stream vector through the NIO decoder", arguments: Vector.names(in: "streams/invalid"))
    func invalidStreamVector(name: String) throws {
        let vector = try Vector(folder: "streams/invalid", name: name)
        var decoder = ArchiveDecoder()
        decoder.limits = try vector.limits()
        let channel = try FrameDecodingChannel<AnyArchive>(decoder: decoder)
        try channel.receive(vector.bytes)
        channel.end()
        #expect(try channel.messages().count == vector["frames-before-error"].flatMap(Int.init), "\(name)")
        let error = try #require(channel.errors.first as? ArchiveStreamError, "\(name): \(channel.errors)")
        #expect(error.kind == vector.streamErrorKind, "\(name): \(error)")
        #expect(error.offset == vector["offset"].flatMap(Int.init), "\(name): \(error)")
        if let missing = vector["missing-bytes"] {
            #expect(error.missingByteCount == Int(missing), "\(name): \(error)")
        }
        #expect(channel.errors.count == 1)
    }
}

/// Any archive: reads nothing of it, so that only the header and checksum checks the decoder
/// makes before `init(from:)` can fail (as for a payload that is not an archive at all).
struct AnyArchive: Decodable {
    init(from decoder: any Decoder) throws {}
}

import ArchiveTestSupport
import Foundation
import KeyedArchive
import KeyedArchiveNIO
import KeyedArchiveSamples
import NIOCore
import NIOEmbedded
import Testing

/// `ArchiveFrameEncoder` writes exactly what `ArchiveStreamWriter` writes, with every encoder
/// option, and its frames decode back through `ArchiveFrameDecoder`.
@Suite struct ArchiveFrameEncoderTests {
    /// The bytes a `MessageToByteHandler(ArchiveFrameEncoder)` writes for `values`.
    func encodedFrames<T: Encodable>(_ values: [T], encoder: ArchiveEncoder = ArchiveEncoder()) throws -> [UInt8] {
        let channel = EmbeddedChannel(handler: MessageToByteHandler(ArchiveFrameEncoder<T>(encoder: encoder)))
        for value in values { try channel.writeOutbound(value) }
        var bytes: [UInt8] = []
        while var buffer = try channel.readOutbound(as: ByteBuffer.self) {
            bytes += buffer.readBytes(length: buffer.readableBytes)!
        }
        #expect(try channel.finish().isClean)
        return bytes
    }

    @Test func bytesEqualTheStreamWritersWithEveryOption() throws {
        let messages = (0..<20).map { PeerMessage.numbered($0, size: $0 * 13) }
        var encoders = [ArchiveEncoder()]
        for (compression, checksum, deterministic) in [(ArchiveCompression.zlib, ArchiveChecksum.none, false),
                                                      (.none, .crc32, false), (.zlib(level: 1), .crc32, true)] {
            var encoder = ArchiveEncoder()
            encoder.compression = compression
            encoder.checksum = checksum
            encoder.deterministic = deterministic
            encoders.append(encoder)
        }
        for encoder in encoders {
            #expect(try encodedFrames(messages, encoder: encoder) == (try streamWriterBytes(messages, encoder: encoder)))
        }
        let commits = Commit.sample(count: 30)
        #expect(try encodedFrames(commits) == (try streamWriterBytes(commits)))
    }

    @Test func framesRoundTripThroughTheDecoder() throws {
        let state = IntKeyedAppState(AppState.sample(documents: 10))
        let bytes = try encodedFrames([state, state])
        let channel = try FrameDecodingChannel<IntKeyedAppState>()
        try channel.receive(bytes)
        #expect(try channel.messages() == [state, state])
    }

    @Test func anUnencodableMessageFailsItsWrite() throws {
        struct Refuses: Encodable {
            func encode(to encoder: any Encoder) throws {
                throw EncodingError.invalidValue(0, .init(codingPath: [], debugDescription: "refused"))
            }
        }
        let channel = EmbeddedChannel(handler: MessageToByteHandler(ArchiveFrameEncoder<Refuses>()))
        #expect(throws: EncodingError.self) { try channel.writeOutbound(Refuses()) }
        #expect(try channel.readOutbound(as: ByteBuffer.self) == nil, "nothing was written")
        _ = try? channel.finish(acceptAlreadyClosed: true)
    }
}

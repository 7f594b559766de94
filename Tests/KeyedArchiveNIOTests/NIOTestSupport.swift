#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArchiveTestSupport
import Foundation
import KeyedArchive
import KeyedArchiveNIO
import NIOCore
import NIOEmbedded

/// The bytes `ArchiveStreamWriter` writes for `values`: written to a file by the real writer,
/// so that the NIO handlers are checked against it, not against a second implementation.
func streamWriterBytes<T: Encodable>(_ values: [T], encoder: ArchiveEncoder = ArchiveEncoder()) throws -> [UInt8] {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("nio-frames-\(UUID().uuidString)").path
    defer { unlink(path) }
    let writer = try ArchiveStreamWriter(appendingToFileAtPath: path, encoder: encoder)
    for value in values { try writer.write(value) }
    try writer.close()
    return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
}

/// Answers every message with its echo (`PeerMessage.echoed`), as `ArchiveStreamPeer` does.
final class EchoHandler: ChannelInboundHandler {
    typealias InboundIn = PeerMessage
    typealias OutboundOut = PeerMessage

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        context.write(wrapOutboundOut(unwrapInboundIn(data).echoed), promise: nil)
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        context.flush()
    }
}

/// Keeps every error that reaches the end of the pipeline (an `EmbeddedChannel` would
/// otherwise rethrow it from the next call).
final class ErrorRecorder: ChannelInboundHandler {
    typealias InboundIn = Any
    private(set) var errors: [any Error] = []

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        errors.append(error)
    }
}

/// An embedded channel that decodes frames of `Message`, and what came out of it.
final class FrameDecodingChannel<Message: Decodable> {
    let channel = EmbeddedChannel()
    let recorder = ErrorRecorder()

    init(decoder: ArchiveDecoder = ArchiveDecoder()) throws {
        try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(ArchiveFrameDecoder<Message>(decoder: decoder)))
        try channel.pipeline.syncOperations.addHandler(recorder)
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
    }

    /// Delivers `bytes` as one read, then runs what the event loop would run after it (a
    /// close, say); on a closed channel the bytes are dropped.
    func receive<Bytes: Sequence>(_ bytes: Bytes) throws where Bytes.Element == UInt8 {
        guard channel.isActive else { return }
        try channel.writeInbound(channel.allocator.buffer(bytes: bytes))
        channel.pipeline.fireChannelReadComplete()
        channel.embeddedEventLoop.run()
    }

    /// The decoded messages so far.
    func messages() throws -> [Message] {
        var messages: [Message] = []
        while let message = try channel.readInbound(as: Message.self) { messages.append(message) }
        return messages
    }

    /// Ends the input, as a peer closing its side does.
    func end() {
        _ = try? channel.finish(acceptAlreadyClosed: true)
    }

    var errors: [any Error] { recorder.errors }
    var isOpen: Bool { channel.isActive }
}

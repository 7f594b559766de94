import KeyedArchive
import NIOCore

/// Reads the framed archives of `Spec/STREAMS.md` from a channel and passes each on decoded,
/// as a `Message`: the NIO counterpart of `ArchiveStreamReader`, so a NIO peer and an
/// `ArchiveStreamWriter` peer interoperate byte for byte.
///
/// Add it to a pipeline wrapped in NIO's `ByteToMessageHandler`, with `ArchiveFrameEncoder`
/// for the other direction:
///
/// ```swift
/// try channel.pipeline.syncOperations.addHandlers(
///     ByteToMessageHandler(ArchiveFrameDecoder<Request>()),
///     MessageToByteHandler(ArchiveFrameEncoder<Response>()))
/// ```
///
/// Frames may arrive split anywhere and several to a read; each is decoded as soon as its last
/// byte arrives. Memory is bounded: a frame header declaring more than `maximumMessageSize`
/// bytes is refused as soon as its 4 bytes are in, before any of its payload is kept.
///
/// A bad frame ends the connection, because the peer is not speaking the protocol: the decoder
/// fires an error down the pipeline (`errorCaught`), drops whatever arrives after it, and
/// closes the channel once the read that brought the bad frame has been handled (so answers to
/// the frames before it, flushed at `channelReadComplete`, still go out). The error is an `ArchiveStreamError` for a framing problem (an empty
/// frame, a message too large, or the connection ending inside a frame), and an
/// `ArchiveFramePayloadError` for a complete frame whose payload is not an archive of
/// `Message`. Either names the frame's offset: bytes since the decoder was added.
/// Every frame before the bad one has been passed on.
///
/// Removing the decoder from a pipeline decodes the complete frames it holds and drops a
/// partial one.
public struct ArchiveFrameDecoder<Message: Decodable>: ByteToMessageDecoder, Sendable {
    /// Decoded messages go down the pipeline as `Message`.
    public typealias InboundOut = Message

    /// The decoder each payload is decoded with; its `limits` apply to every payload.
    public let decoder: ArchiveDecoder
    /// The largest payload accepted, in bytes: `decoder.limits.maximumMessageSize`.
    public var maximumMessageSize: Int { decoder.limits.maximumMessageSize }

    /// Bytes consumed from the channel so far: the offset of the next frame. In `Int64`, as
    /// `ArchiveStreamReader` counts: a connection may pass 2 GiB where `Int` is 32 bits.
    private var offset: Int64 = 0
    /// Set after a bad frame: everything that arrives later is dropped.
    private var hasFailed = false

    /// Creates a frame decoder that decodes payloads with `decoder` (by default, one with the
    /// default limits: messages up to 64 MiB).
    public init(decoder: ArchiveDecoder = ArchiveDecoder()) {
        self.decoder = decoder
    }

    /// Decodes the next frame if it is complete in `buffer`.
    public mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws -> DecodingState {
        guard !hasFailed else {
            buffer.moveReaderIndex(to: buffer.writerIndex)
            return .needMoreData
        }
        switch nextFrame(in: &buffer) {
        case .needMoreData:
            return .needMoreData
        case .message(let message):
            context.fireChannelRead(wrapInboundOut(message))
            return .continue
        case .failure(let error):
            fail(error, context: context, buffer: &buffer)
            return .needMoreData
        }
    }

    /// Decodes the frames still complete in `buffer` when the input ends; a frame cut short
    /// by the end of input is a `truncatedFrame` error.
    public mutating func decodeLast(context: ChannelHandlerContext, buffer: inout ByteBuffer, seenEOF: Bool) throws -> DecodingState {
        let state = try decode(context: context, buffer: &buffer)
        // Removed from the pipeline while the connection goes on (`seenEOF` false), a partial
        // frame is not torn: its bytes are dropped with the decoder, as documented.
        if state == .needMoreData, seenEOF, !hasFailed, buffer.readableBytes > 0 {
            fail(truncatedFrame(in: buffer), context: context, buffer: &buffer)
        }
        return state
    }

    /// What the front of the buffer holds.
    private enum Frame {
        case needMoreData
        case message(Message)
        case failure(any Error)
    }

    /// Takes the first frame off `buffer` if it is complete; checks in the order of
    /// `Spec/STREAMS.md` §5, the length before any of the payload is waited for.
    private mutating func nextFrame(in buffer: inout ByteBuffer) -> Frame {
        let headerSize = ArchiveStreamWriter.headerSize
        guard let header = buffer.getInteger(at: buffer.readerIndex, endianness: .little, as: UInt32.self) else {
            return .needMoreData
        }
        let length: Int
        do {
            length = try ArchiveFraming.checkDeclaredLength(header, maximum: maximumMessageSize, at: offset)
        } catch {
            return .failure(error)
        }
        // Not `headerSize + length`, which can pass `Int.max` where `Int` is 32 bits: the header is in.
        guard buffer.readableBytes - headerSize >= length else { return .needMoreData }
        let frameStart = offset
        // The frame is consumed whether or not its payload decodes: the stream stays in sync.
        buffer.moveReaderIndex(forwardBy: headerSize)
        offset = ArchiveFraming.position(ArchiveFraming.position(offset, advancedBy: headerSize), advancedBy: length)
        do {
            let message = try buffer.readArchive(Message.self, length: length, decoder: decoder)!
            return .message(message)
        } catch {
            buffer.moveReaderIndex(forwardBy: length)
            return .failure(ArchiveFramePayloadError(offset: ArchiveFraming.reported(frameStart) ?? .max, payloadLength: length, error: error))
        }
    }

    /// The error for a stream that ends inside the frame at the front of `buffer`.
    private func truncatedFrame(in buffer: ByteBuffer) -> ArchiveStreamError {
        guard let header = buffer.getInteger(at: buffer.readerIndex, endianness: .little, as: UInt32.self) else {
            return ArchiveFraming.truncatedHeader(at: offset, bytesRead: buffer.readableBytes)
        }
        // The length was judged when the frame reached the front (a header refused then
        // closed the stream); judging it again keeps a refused one from reaching `Int`.
        do throws(ArchiveStreamError) {
            let declared = try ArchiveFraming.checkDeclaredLength(header, maximum: maximumMessageSize, at: offset)
            return ArchiveFraming.truncatedPayload(at: offset, declared: declared,
                                                   bytesRead: buffer.readableBytes - ArchiveStreamWriter.headerSize)
        } catch {
            return error
        }
    }

    /// Reports a bad frame, drops what is buffered, and closes the connection.
    private mutating func fail(_ error: any Error, context: ChannelHandlerContext, buffer: inout ByteBuffer) {
        hasFailed = true
        buffer.moveReaderIndex(to: buffer.writerIndex)
        context.fireErrorCaught(error)
        // Closed once this read has been handled, not now: answers to the frames before the
        // bad one are usually written during the read and flushed at `channelReadComplete`,
        // and closing now would discard them with the unflushed writes.
        let channel = context.channel
        context.eventLoop.execute { channel.close(promise: nil) }
    }
}

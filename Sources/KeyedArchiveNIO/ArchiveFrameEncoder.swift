import KeyedArchive
import NIOCore

/// Writes each outbound `Message` as one framed archive of `Spec/STREAMS.md` (a 4-byte
/// little-endian length, then the archive): the NIO counterpart of `ArchiveStreamWriter`.
///
/// Add it to a pipeline wrapped in NIO's `MessageToByteHandler`, and write `Message`s:
///
/// ```swift
/// try channel.pipeline.syncOperations.addHandler(MessageToByteHandler(ArchiveFrameEncoder<Response>()))
/// channel.writeAndFlush(response, promise: nil)
/// ```
///
/// A message that cannot be encoded fails its write's promise with the encoder's error
/// (`EncodingError`) and is not written; note that NIO's `MessageToByteHandler` then fails
/// every later write on that channel as well.
public struct ArchiveFrameEncoder<Message: Encodable>: MessageToByteEncoder, Sendable {
    /// Messages come down the pipeline as `Message`.
    public typealias OutboundIn = Message

    /// The encoder each message is encoded with (compression, checksum and the other options
    /// apply to every frame).
    public let encoder: ArchiveEncoder

    /// Creates a frame encoder that encodes messages with `encoder` (by default, a default one).
    public init(encoder: ArchiveEncoder = ArchiveEncoder()) {
        self.encoder = encoder
    }

    /// Appends `data`'s frame to `out`.
    ///
    /// - Throws: what `ArchiveEncoder.encode(_:)` throws; `ArchiveStreamError` of kind
    ///   `.messageTooLarge` if the archive is 4 GiB or more. `out` is unchanged then.
    public func encode(data: Message, out: inout ByteBuffer) throws {
        // Straight from the encoder's own buffer (`withArchive(of:_:)`): no `Data` per message.
        try encoder.withArchive(of: data) { archive in
            try ArchiveFraming.checkPayloadToWrite(count: archive.count)
            out.reserveCapacity(minimumWritableBytes: ArchiveStreamWriter.headerSize + archive.count)
            out.writeInteger(UInt32(archive.count), endianness: .little)
            out.writeBytes(archive)
        }
    }
}

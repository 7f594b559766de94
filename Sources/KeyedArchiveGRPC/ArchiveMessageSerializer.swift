import GRPCCore
import KeyedArchive

/// Serializes any `Encodable` message as an archive, so that a `Codable` type is a gRPC
/// message without a `.proto` file.
///
/// Pass it (and an ``ArchiveMessageDeserializer`` for the other direction) wherever gRPC asks
/// for a `MessageSerializer`: to `GRPCClient`'s call methods, or to `RPCRouter.registerHandler`.
///
/// ```swift
/// try await client.unary(
///     request: ClientRequest(message: Lookup(id: 42)),
///     descriptor: RecordService.lookup,
///     serializer: ArchiveMessageSerializer<Lookup>(),
///     deserializer: ArchiveMessageDeserializer<Record>(),
///     options: .defaults
/// ) { response in try response.message }
/// ```
///
/// Each message is one complete archive: gRPC's own framing delimits it, so no stream framing
/// is added.
public struct ArchiveMessageSerializer<Message: Encodable>: MessageSerializer {
    /// The encoder each message is encoded with (compression, checksum, determinism and the
    /// other options apply to every message).
    public let encoder: ArchiveEncoder

    /// Creates a serializer that encodes messages with `encoder` (by default, a default one).
    public init(encoder: ArchiveEncoder = ArchiveEncoder()) {
        self.encoder = encoder
    }

    /// Returns `message`'s archive in the transport's byte type.
    ///
    /// - Throws: `RPCError` with code `.invalidArgument` if the message cannot be encoded; the
    ///   encoder's `EncodingError` is its `cause`.
    public func serialize<Bytes: GRPCContiguousBytes>(_ message: Message) throws -> Bytes {
        do {
            // One copy, from the encoder's own buffer into the transport's storage (a
            // `ByteBuffer` with the NIO transports): no `Data` per message.
            return try encoder.withArchive(of: message) { archive in
                var bytes = Bytes(repeating: 0, count: archive.count)
                bytes.withUnsafeMutableBytes { $0.copyMemory(from: archive) }
                return bytes
            }
        } catch {
            throw RPCError(code: .invalidArgument, message: "Can't encode a message of type \(Message.self) as an archive: \(error)",
                           cause: error)
        }
    }
}

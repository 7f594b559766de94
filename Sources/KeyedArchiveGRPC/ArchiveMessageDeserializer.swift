import GRPCCore
import KeyedArchive

/// Deserializes archives into any `Decodable` message type: the counterpart of
/// ``ArchiveMessageSerializer``.
///
/// The bytes are decoded where the transport holds them, without a copy, and with the
/// decoder's `ArchiveDecoder.Limits`. A message that is not a valid archive of
/// `Message` fails that call with `RPCError` code `.invalidArgument` (on a server, the client
/// sees that status; the server goes on serving).
public struct ArchiveMessageDeserializer<Message: Decodable>: MessageDeserializer {
    /// The decoder each message is decoded with; its `limits` apply to every message.
    public let decoder: ArchiveDecoder

    /// Creates a deserializer that decodes messages with `decoder` (by default, one with the
    /// default limits).
    public init(decoder: ArchiveDecoder = ArchiveDecoder()) {
        self.decoder = decoder
    }

    /// Decodes `serializedMessageBytes` as an archive of `Message`.
    ///
    /// - Throws: `RPCError` with code `.invalidArgument` if the bytes are not a valid archive
    ///   of `Message`; the decoder's `DecodingError` (or what `Message`'s `init(from:)` threw)
    ///   is its `cause`.
    public func deserialize<Bytes: GRPCContiguousBytes>(_ serializedMessageBytes: Bytes) throws -> Message {
        do {
            return try serializedMessageBytes.withUnsafeBytes { try decoder.decode(Message.self, from: $0) }
        } catch {
            throw RPCError(code: .invalidArgument, message: "Can't decode a message of type \(Message.self) from its archive: \(error)",
                           cause: error)
        }
    }
}

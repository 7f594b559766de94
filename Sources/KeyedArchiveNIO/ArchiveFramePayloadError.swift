/// A complete frame whose payload could not be decoded as the expected message type, reported
/// by `ArchiveFrameDecoder` before it closes the connection.
public struct ArchiveFramePayloadError: Error, Sendable, CustomStringConvertible {
    /// The frame's offset in the connection's byte stream (its 4-byte header's first byte);
    /// `Int.max` where `Int` cannot hold it (past 2 GiB of connection where `Int` is 32 bits).
    /// A connection's offsets only tell you where it went wrong: nothing is cut or sought there.
    public let offset: Int
    /// The length of the frame's payload, in bytes.
    public let payloadLength: Int
    /// What the decoder threw: usually a `DecodingError` (with an `ArchiveFormatError` as its
    /// `underlyingError` when the payload is not a valid archive); anything the message type's
    /// `init(from:)` throws.
    public let error: any Error

    /// Creates the error; `ArchiveFrameDecoder` makes these, tests may too.
    public init(offset: Int, payloadLength: Int, error: any Error) {
        self.offset = offset
        self.payloadLength = payloadLength
        self.error = error
    }

    /// `"undecodable frame at offset 12 (7 payload bytes): …"`; an offset `Int` cannot hold
    /// reads "past 2147483646" (where `Int` is 32 bits), not a wrong number.
    public var description: String {
        let at = offset == .max ? "past \(Int.max - 1)" : "\(offset)"
        return "undecodable frame at offset \(at) (\(payloadLength) payload bytes): \(error)"
    }
}

/// A message of the stream tests and the NIO tests; `ArchiveStreamPeer` declares the same
/// shape and answers each one with its `echoed` form.
public struct PeerMessage: Codable, Equatable, Sendable {
    /// The message's number in its exchange.
    public var index: Int
    /// Text that depends on the index.
    public var text: String
    /// Bytes that depend on the index.
    public var payload: [UInt8]

    /// A message of these three fields.
    public init(index: Int, text: String, payload: [UInt8]) {
        self.index = index
        self.text = text
        self.payload = payload
    }

    /// Message `index` with `size` payload bytes that depend on both.
    public static func numbered(_ index: Int, size: Int) -> PeerMessage {
        let seed = UInt8(truncatingIfNeeded: index &* 31)
        return PeerMessage(index: index, text: "message \(index)",
                           payload: (0..<size).map { seed &+ UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 8) })
    }

    /// What `ArchiveStreamPeer` answers: the text prefixed with "echo:", every byte inverted.
    public var echoed: PeerMessage {
        PeerMessage(index: index, text: "echo:" + text, payload: payload.map { ~$0 })
    }
}

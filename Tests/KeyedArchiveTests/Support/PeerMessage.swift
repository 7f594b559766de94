/// A message of the stream and NIO tests; `ArchiveStreamPeer` declares the same shape and
/// answers each one with its `echoed` form.
struct PeerMessage: Codable, Equatable, Sendable {
    var index: Int
    var text: String
    var payload: [UInt8]

    /// Message `index` with `size` payload bytes that depend on both.
    static func numbered(_ index: Int, size: Int) -> PeerMessage {
        let seed = UInt8(truncatingIfNeeded: index &* 31)
        return PeerMessage(index: index, text: "message \(index)",
                           payload: (0..<size).map { seed &+ UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 8) })
    }

    /// What `ArchiveStreamPeer` answers: the text prefixed with "echo:", every byte inverted.
    var echoed: PeerMessage {
        PeerMessage(index: index, text: "echo:" + text, payload: payload.map { ~$0 })
    }
}

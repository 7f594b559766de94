import Foundation

/// The timing of a stream whose messages vary in shape (`MessageStream`): the sibling of
/// `MessageBatch.prepare` for one message.
extension MessageBatch {
    /// `stream`, already checked, with each direction's batch size found: a batch takes the
    /// stream's messages in turn, round and round, so that consecutive messages differ as on a
    /// real stream, and holds whole passes over it, so that every message counts alike in the
    /// time per message (a batch of 100 event batches, 12 passes over 8 and 4 more, would count
    /// the first 4 thirteen times and the others twelve). Bytes: the mean message's.
    func prepare(_ stream: MessageStream) throws -> PreparedModel {
        let count = stream.count
        return try timed(stream.name, coders: stream.names, bytes: stream.bytes.map { ($0.reduce(0, +) + count / 2) / count },
                         multiple: count,
                         encode: stream.encodes.map { operations in { try Self.cycle(operations, $0) } },
                         decode: stream.decodes.map { operations in { try Self.cycle(operations, $0) } })
    }

    /// CPU seconds for `count` of `operations`, taken in turn from the first, round and round.
    static func cycle(_ operations: [() throws -> Void], _ count: Int) throws -> Double {
        try ThreadCPUTime.measure {
            var next = 0
            for _ in 0..<count {
                try operations[next]()
                // A comparison, not `%`: a division would add some nanoseconds to every message.
                next = next + 1 == operations.count ? 0 : next + 1
            }
        }
    }
}

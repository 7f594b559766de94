import Foundation
import KeyedArchiveSamples

/// How many messages one timing holds, and the timing of such batches.
struct MessageBatch {
    /// The CPU seconds one batch should take.
    let target: Double

    /// The most messages in one batch, whatever the clock says (a clock that does not advance
    /// would otherwise double the batch forever).
    static let largest = 1 << 22

    /// The number of messages whose batch takes about `target` seconds, given `measure(n)`, the
    /// seconds a batch of `n` takes: doubled from 1 until a batch takes a quarter of the target
    /// (long enough for the clock to be trusted), then scaled to the target. A message slower
    /// than the target is a batch of its own.
    static func size(target: Double, measure: (Int) throws -> Double) rethrows -> Int {
        var count = 1
        while count < largest {
            let seconds = try measure(count)
            if seconds >= target / 4 {
                return min(largest, max(1, Int((Double(count) * target / seconds).rounded())))
            }
            count *= 2
        }
        return largest
    }

    /// `model` with every coder of `messageCoders` and its twin's generated code after
    /// "Archive", each checked to decode the model back, and each direction's batch size found.
    func prepare<Model: Codable & Equatable & Sendable, Twin: Codable & Equatable & Sendable>(
        _ model: Model, named name: String, twin makeTwin: (Model) -> Twin
    ) throws -> PreparedModel {
        var coders = messageCoders(Model.self)
        let generated = generatedCodeCoder(for: model, twin: makeTwin(model))
        guard try generated.decodesTwin(generated.coder.encode(model)) else {
            throw CommandFailure("\(generated.coder.name) did not decode \(name) back to the message it encoded")
        }
        coders.insert(generated.coder, at: 1)
        let archives = try coders.map { coder in
            let data = try coder.encode(model)
            guard try coder.decode(data) == model else {
                throw CommandFailure("\(coder.name) did not decode \(name) back to the message it encoded")
            }
            return data
        }
        return try timed(name, coders: coders.map(\.name), bytes: archives.map(\.count),
                         encode: coders.map { coder in { count in try Self.encode(model, count, with: coder) } },
                         decode: zip(coders, archives).map { coder, data in { count in try Self.decode(data, count, with: coder) } })
    }

    /// A model ready to be timed round after round: `encode[coder](n)` and `decode[coder](n)`
    /// are the CPU seconds of `n` messages each way, and every batch holds a multiple of
    /// `multiple` messages (see `prepare(_:)` for streams). Each direction's batch size is found
    /// before, and each timing is divided by its number of messages.
    func timed(_ name: String, coders: [String], bytes: [Int], multiple: Int = 1,
               encode: [(Int) throws -> Double], decode: [(Int) throws -> Double]) throws -> PreparedModel {
        let sizes = try zip(encode, decode).map { encode, decode in
            (encode: Self.whole(try Self.size(target: target, measure: encode), multiple),
             decode: Self.whole(try Self.size(target: target, measure: decode), multiple))
        }
        return PreparedModel(name: name, coders: coders, sizes: bytes) { rounds in
            var total = 0.0
            for (index, size) in sizes.enumerated() {
                let encodeSeconds = try encode[index](size.encode)
                let decodeSeconds = try decode[index](size.decode)
                rounds.encode[index].append(encodeSeconds / Double(size.encode))
                rounds.decode[index].append(decodeSeconds / Double(size.decode))
                total += encodeSeconds + decodeSeconds
            }
            return total
        }
    }

    /// `count` rounded to the nearest multiple of `multiple`, at least `multiple`.
    static func whole(_ count: Int, _ multiple: Int) -> Int {
        max(multiple, (count + multiple / 2) / multiple * multiple)
    }

    /// CPU seconds for `count` encodes of `model`.
    static func encode<Model>(_ model: Model, _ count: Int, with coder: Coder<Model>) throws -> Double {
        try ThreadCPUTime.measure { for _ in 0..<count { _ = try coder.encode(model) } }
    }

    /// CPU seconds for `count` decodes of `data`.
    static func decode<Model>(_ data: Data, _ count: Int, with coder: Coder<Model>) throws -> Double {
        try ThreadCPUTime.measure { for _ in 0..<count { _ = try coder.decode(data) } }
    }
}

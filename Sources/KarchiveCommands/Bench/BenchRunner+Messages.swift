import Foundation
import KeyedArchive
import KeyedArchiveSamples

/// `karchive bench`'s messages section: the cost of one small message, where a coder's fixed
/// cost per call decides its speed.
///
/// One message takes from about a hundred nanoseconds to some microseconds, too little for one
/// reading of the clock (whose own cost and resolution would be a good part of it), so every
/// timing is of a batch of messages, and its time divided by their number. A batch holds as many
/// messages as take `MessageBatch.target` seconds, found for each coder and direction before
/// timing. The rounds and passes are those of the documents (`BenchRunner.time`), so a burst of
/// load slows every coder of a round alike here too.
extension BenchRunner {
    /// The message models with every coder of `messageCoders` and each model's twin with
    /// `@ArchiveCodable`'s code, checked and timed per message.
    func runMessages() throws -> [BenchResult] {
        let batch = MessageBatch(target: scope.messageBatch)
        let messages: [(String, (String) throws -> PreparedModel)] = [
            ("Empty message", { try batch.prepare(EmptyMessage.sample(), named: $0, twin: GeneratedCodeEmptyMessage.init) }),
            ("One field", { try batch.prepare(OneFieldMessage.sample(), named: $0, twin: GeneratedCodeOneFieldMessage.init) }),
            ("Numeric struct", { try batch.prepare(NumericStruct.sample(), named: $0, twin: GeneratedCodeNumericStruct.init) }),
            ("Primitives sample", { try batch.prepare(PrimitivesSample.sample(), named: $0, twin: GeneratedCodePrimitivesSample.init) }),
            ("Media content", { try batch.prepare(MediaContent.sample(), named: $0, twin: GeneratedCodeMediaContent.init) }),
            ("Numeric struct list × 5", { try batch.prepare(NumericStructList.sample(), named: $0, twin: GeneratedCodeNumericStructList.init) }),
            ("Primitives sample list × 5", {
                try batch.prepare(PrimitivesSampleList.sample(), named: $0, twin: GeneratedCodePrimitivesSampleList.init)
            }),
            ("Media content list × 5", { try batch.prepare(MediaContentList.sample(), named: $0, twin: GeneratedCodeMediaContentList.init) }),
        ] + stringKeyedMessages(batch)
        var prepared: [PreparedModel] = []
        for (index, message) in messages.enumerated() {
            io.report("[message \(index + 1)/\(messages.count)] \(message.0): checking every coder")
            prepared.append(try message.1(message.0))
        }
        // A third of a document's CPU time each: for eight messages, and still over a hundred rounds.
        return try time(prepared, budget: scope.messageBudget)
    }
}

extension BenchRunner {
    /// The same messages with the keys most Swift types have, synthesized string keys
    /// (`StringKeyedMessages.swift`), and their twins with generated code: the two key forms side
    /// by side. Each twin is made from the same sample as its model (the types do not convert
    /// into each other); `prepare` checks that it decodes the model's archive as itself.
    func stringKeyedMessages(_ batch: MessageBatch) -> [(String, (String) throws -> PreparedModel)] {
        [
            ("Empty message, string keys", {
                try batch.prepare(StringKeyedEmptyMessage(.sample()), named: $0) { _ in GeneratedCodeStringKeyedEmptyMessage(.sample()) }
            }),
            ("One field, string keys", {
                try batch.prepare(StringKeyedOneFieldMessage(.sample()), named: $0) { _ in GeneratedCodeStringKeyedOneFieldMessage(.sample()) }
            }),
            ("Numeric struct, string keys", {
                try batch.prepare(StringKeyedNumericStruct(.sample()), named: $0) { _ in GeneratedCodeStringKeyedNumericStruct(.sample()) }
            }),
            ("Primitives sample, string keys", {
                try batch.prepare(StringKeyedPrimitivesSample(.sample()), named: $0) { _ in GeneratedCodeStringKeyedPrimitivesSample(.sample()) }
            }),
            ("Media content, string keys", {
                try batch.prepare(StringKeyedMediaContent(.sample()), named: $0) { _ in GeneratedCodeStringKeyedMediaContent(.sample()) }
            }),
            ("Numeric struct list × 5, string keys", {
                try batch.prepare(StringKeyedNumericStructList(.sample()), named: $0) { _ in GeneratedCodeStringKeyedNumericStructList(.sample()) }
            }),
            ("Primitives sample list × 5, string keys", {
                try batch.prepare(StringKeyedPrimitivesSampleList(.sample()), named: $0) { _ in
                    GeneratedCodeStringKeyedPrimitivesSampleList(.sample())
                }
            }),
            ("Media content list × 5, string keys", {
                try batch.prepare(StringKeyedMediaContentList(.sample()), named: $0) { _ in GeneratedCodeStringKeyedMediaContentList(.sample()) }
            }),
        ]
    }
}

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
        let sizes = try zip(coders, archives).map { coder, data in
            (encode: try Self.size(target: target) { count in try Self.encode(model, count, with: coder) },
             decode: try Self.size(target: target) { count in try Self.decode(data, count, with: coder) })
        }
        return PreparedModel(name: name, coders: coders.map(\.name), sizes: archives.map(\.count)) { rounds in
            var total = 0.0
            for (index, ((coder, data), size)) in zip(zip(coders, archives), sizes).enumerated() {
                let encode = try Self.encode(model, size.encode, with: coder)
                let decode = try Self.decode(data, size.decode, with: coder)
                rounds.encode[index].append(encode / Double(size.encode))
                rounds.decode[index].append(decode / Double(size.decode))
                total += encode + decode
            }
            return total
        }
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

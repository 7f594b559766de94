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
    /// `@ArchiveCodable`'s code, then the streams whose messages vary (`varyingMessages`),
    /// checked and timed per message.
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
        ] + stringKeyedMessages(batch) + varyingMessages(batch)
        var prepared: [PreparedModel] = []
        for (index, message) in messages.enumerated() {
            io.report("[message \(index + 1)/\(messages.count)] \(message.0): checking every coder")
            prepared.append(try message.1(message.0))
        }
        // A third of a document's CPU time for each row, the streams' included.
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

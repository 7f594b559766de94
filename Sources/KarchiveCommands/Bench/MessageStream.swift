import Foundation
import KeyedArchiveSamples

/// One row of `karchive bench`'s messages section whose messages vary in shape from one to the
/// next (`VaryingMessages.swift`, issue 62): every message of the stream with every coder of the
/// row checked on it, ready to be timed one message after another.
///
/// Each coder of the row is one encoder and one decoder (`MessageCoderSet`) kept for the whole
/// stream, whatever the type of its message, as a program that sends a stream keeps its coders:
/// a coder that is fast only when a message repeats the previous one's shape is slow here, which
/// one message sent again and again would hide.
struct MessageStream {
    /// The row's name, for its table and its errors.
    let name: String
    /// The row's coders, one set shared by every message.
    private let coders = MessageCoderSet()
    /// The coders' names, in the row's order: those of the other message rows.
    private(set) var names: [String] = []
    /// `encodes[coder][message]`: one encode of that message with that coder.
    private(set) var encodes: [[() throws -> Void]] = []
    /// `decodes[coder][message]`: one decode of that coder's archive of that message.
    private(set) var decodes: [[() throws -> Void]] = []
    /// `bytes[coder][message]`: the size of that archive.
    private(set) var bytes: [[Int]] = []

    /// How many messages the stream holds.
    var count: Int { encodes.first?.count ?? 0 }

    /// An empty stream named `name`, to `append` to.
    init(named name: String) { self.name = name }

    /// The stream of `source`'s messages, each as `model` makes it, with the twin `twin` makes.
    init<Source, Model: Codable & Equatable & Sendable, Twin: Codable & Equatable & Sendable>(
        named name: String, _ source: [Source], model: (Source) -> Model, twin: (Source) -> Twin
    ) throws {
        self.init(named: name)
        for message in source { try append(model(message), twin: twin(message)) }
    }

    /// Appends `message`, whose twin with generated code is `twin`, after checking it as
    /// `MessageBatch.prepare` checks a single message: every coder decodes it back, and the twin
    /// decodes the model's archive as itself. The checks run on the stream's own coders, after
    /// the messages before it, so they also check that a kept coder serves a new shape.
    mutating func append<Model: Codable & Equatable & Sendable, Twin: Codable & Equatable & Sendable>(
        _ message: Model, twin: Twin
    ) throws {
        let number = count + 1
        var row = coders.coders(Model.self)
        let generated = generatedCodeCoder(for: message, twin: twin, through: coders.generatedCoder(Twin.self))
        // The generated code writes the bytes the Codable path writes: the twin reads both.
        for data in [try row[0].encode(message), try generated.coder.encode(message)] {
            guard try generated.decodesTwin(data) else { throw failure(generated.coder.name, number) }
        }
        row.insert(generated.coder, at: 1)
        if names.isEmpty {
            names = row.map(\.name)
            (encodes, decodes, bytes) = (row.map { _ in [] }, row.map { _ in [] }, row.map { _ in [] })
        }
        for (index, coder) in row.enumerated() {
            let data = try coder.encode(message)
            guard try coder.decode(data) == message else { throw failure(coder.name, number) }
            encodes[index].append { _ = try coder.encode(message) }
            decodes[index].append { _ = try coder.decode(data) }
            bytes[index].append(data.count)
        }
    }

    /// The error of a coder that did not decode message `number` (from 1) back.
    private func failure(_ coder: String, _ number: Int) -> CommandFailure {
        CommandFailure("\(coder) did not decode message \(number) of \(name) back to the message it encoded")
    }
}

import Foundation
import KeyedArchive

// The Codable coders that `karchive bench` and the benchmark package compare, in one place.

/// A coder under test: how to turn a model into bytes and back.
public struct Coder<Model>: Sendable {
    /// How tables name it: "Archive", "Archive+zlib", "JSON", "PropertyList", …
    public let name: String
    /// Encodes a model.
    public let encode: @Sendable (Model) throws -> Data
    /// Decodes what `encode` wrote.
    public let decode: @Sendable (Data) throws -> Model

    /// A coder named `name`.
    public init(name: String, encode: @escaping @Sendable (Model) throws -> Data, decode: @escaping @Sendable (Data) throws -> Model) {
        self.name = name
        self.encode = encode
        self.decode = decode
    }
}

/// `ArchiveEncoder`/`ArchiveDecoder` plain and with zlib, Foundation's `JSONEncoder`/`JSONDecoder`
/// (default options, compact) and `PropertyListEncoder`/`PropertyListDecoder` (binary), in that
/// order.
public func codableCoders<Model: Codable & Sendable>(_: Model.Type) -> [Coder<Model>] {
    let archive = ArchiveEncoder()
    let zlib = { var encoder = ArchiveEncoder(); encoder.compression = .zlib; return encoder }()
    let archiveDecoder = ArchiveDecoder()
    let plist = PropertyListEncoder()
    plist.outputFormat = .binary
    return [
        Coder(name: "Archive", encode: { try archive.encode($0) }, decode: { try archiveDecoder.decode(Model.self, from: $0) }),
        Coder(name: "Archive+zlib", encode: { try zlib.encode($0) }, decode: { try archiveDecoder.decode(Model.self, from: $0) }),
        Coder(name: "JSON", encode: { try JSONEncoder().encode($0) }, decode: { try JSONDecoder().decode(Model.self, from: $0) }),
        Coder(name: "PropertyList", encode: { try plist.encode($0) }, decode: { try PropertyListDecoder().decode(Model.self, from: $0) }),
    ]
}

/// The Codable ceiling, under the name "Null coder": an encoder that writes nothing
/// (`NullEncoder`) and a decoder that reads no bytes but hands back what a recording of `model`
/// holds (`ReplayDecoder`). Neither parses `URL`s or converts `Date`s, and both pass whole the
/// values `ArchiveEncoder` writes natively (`NullCoding.isOpaque`). What they cost is what the
/// standard library's Codable machinery costs every coder: no coder that goes through
/// `Encodable`/`Decodable` can be faster on `model`.
///
/// Its `encode` returns empty `Data`, and its `decode` ignores the bytes it is given and returns
/// `model` rebuilt from the recording.
public func nullCoder<Model: Codable & Sendable>(for model: Model) throws -> Coder<Model> {
    let recorded = try RecordingEncoder.record(model)
    return Coder(name: nullCoderName,
                 encode: { try NullEncoder.drop($0); return Data() },
                 decode: { _ in try ReplayDecoder.replay(Model.self, from: recorded) })
}

/// The name of `nullCoder(for:)`'s coder in tables.
public let nullCoderName = "Null coder"

/// The coders of the messages benchmarks: `ArchiveEncoder`/`ArchiveDecoder`, Foundation's
/// `JSONEncoder`/`JSONDecoder` (default options, compact) and binary
/// `PropertyListEncoder`/`PropertyListDecoder`, in that order, named as in `codableCoders`.
///
/// Each coder is made once and kept for every message, as a program that sends messages keeps
/// its coders. `codableCoders` makes a `JSONEncoder` per document, a cost that disappears in a
/// document; in a message of a few fields it would be a good part of what is timed.
public func messageCoders<Model: Codable & Sendable>(_: Model.Type) -> [Coder<Model>] {
    MessageCoderSet().coders(Model.self)
}

/// One encoder and one decoder of each coder of `messageCoders`, and another Archive pair for
/// generated code, kept for a whole stream of messages whatever their types: a program whose
/// stream carries several message types (a heartbeat, then a chat line) sends them all through
/// the same coder, and a coder's state kept from the previous message (key tables, buffers)
/// must then serve a message of another shape.
public struct MessageCoderSet: Sendable {
    /// "Archive"'s encoder and decoder.
    private let archive = ArchiveEncoder(), archiveDecoder = ArchiveDecoder()
    /// "Archive, generated"'s encoder and decoder.
    private let generated = ArchiveEncoder(), generatedDecoder = ArchiveDecoder()
    /// "JSON"'s encoder and decoder.
    private let json = JSONEncoder(), jsonDecoder = JSONDecoder()
    /// "PropertyList"'s encoder and decoder.
    private let plist = PropertyListEncoder(), plistDecoder = PropertyListDecoder()

    /// A set of new coders; the property list encoder writes the binary format.
    public init() { plist.outputFormat = .binary }

    /// "Archive", "JSON" and "PropertyList" for messages of type `Model`, on this set's coders.
    public func coders<Model: Codable & Sendable>(_: Model.Type) -> [Coder<Model>] {
        let (archive, archiveDecoder, json, jsonDecoder, plist, plistDecoder) = (archive, archiveDecoder, json, jsonDecoder, plist, plistDecoder)
        return [
            Coder(name: "Archive", encode: { try archive.encode($0) }, decode: { try archiveDecoder.decode(Model.self, from: $0) }),
            Coder(name: "JSON", encode: { try json.encode($0) }, decode: { try jsonDecoder.decode(Model.self, from: $0) }),
            Coder(name: "PropertyList", encode: { try plist.encode($0) }, decode: { try plistDecoder.decode(Model.self, from: $0) }),
        ]
    }

    /// `ArchiveEncoder`/`ArchiveDecoder` for a twin with generated code, named "Archive,
    /// generated": a pair of its own, apart from "Archive"'s, as each coder of a row has its own.
    public func generatedCoder<Twin: Codable & Sendable>(_: Twin.Type) -> Coder<Twin> {
        let (generated, generatedDecoder) = (generated, generatedDecoder)
        return Coder(name: generatedCoderName, encode: { try generated.encode($0) },
                     decode: { try generatedDecoder.decode(Twin.self, from: $0) })
    }
}

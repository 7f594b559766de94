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

import Foundation
import KeyedArchive

/// A golden vector file of `Spec/vectors/{valid,invalid}`: its `# key: value` metadata and its
/// bytes. One reader for every test target that checks the vectors, so that they cannot read the
/// format of the vector files differently.
public struct Vector: Sendable {
    /// The file name without `.hex`.
    public let name: String
    /// The `# key: value` lines of the leading comment block.
    public let metadata: [String: String]
    /// The bytes of the archive (or stream) the file spells in hex.
    public let bytes: [UInt8]

    /// The value of metadata line `key`.
    public subscript(key: String) -> String? { metadata[key] }

    /// An invalid vector's `error` or `offset` (`line`) as it holds where `Int` has `bits` bits,
    /// by default this platform's width. A limit the platform caps can change the verdict
    /// (`Spec/FORMAT.md` §12.1: a `maximumInflatedSize` above `Int.max` − 6 acts as that), and
    /// a vector whose verdict does so states the 32-bit one in `error-where-int-is-32-bits` and
    /// `offset-where-int-is-32-bits`.
    public func verdict(_ line: String, whereIntIs bits: Int = Int.bitWidth) -> String? {
        if bits == 32, let narrow = metadata["\(line)-where-int-is-32-bits"] { return narrow }
        return metadata[line]
    }

    /// The repository's root folder, from this file's place in it.
    public static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `Spec/vectors`.
    public static let root = repositoryRoot.appendingPathComponent("Spec/vectors")

    /// The vector names (file names without `.hex`) in `folder`, sorted; [] if it cannot be read.
    public static func names(in folder: String) -> [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)) ?? []
        return files.filter { $0.hasSuffix(".hex") }.map { String($0.dropLast(4)) }.sorted()
    }

    /// Every file in `folder`, including any that is not a `.hex` vector.
    public static func allFiles(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)) ?? [])
            .filter { !$0.hasPrefix(".") }
    }

    /// Reads `Spec/vectors/<folder>/<name>.hex`.
    public init(folder: String, name: String) throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("\(folder)/\(name).hex"), encoding: .utf8)
        self.name = name
        // Metadata: "# key: value" lines of the leading comment block (keys are [a-z0-9-]+).
        var metadata: [String: String] = [:]
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty { continue }
            guard trimmed.hasPrefix("#") else { break }
            let body = trimmed.dropFirst().trimmingCharacters(in: .whitespaces)
            guard let colon = body.range(of: ": ") else { continue }
            let key = String(body[..<colon.lowerBound])
            guard !key.isEmpty, key.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }) else { continue }
            metadata[key] = String(body[colon.upperBound...]).trimmingCharacters(in: .whitespaces)
        }
        self.metadata = metadata
        self.bytes = try Self.bytes(fromAnnotatedHex: text)
    }

    /// The bytes of annotated hex: two-digit hex tokens separated by spaces or tabs, anything
    /// after a `#` on a line a comment.
    public static func bytes(fromAnnotatedHex text: String) throws -> [UInt8] {
        var result: [UInt8] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let code = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            for token in code.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
                guard let byte = UInt8(token, radix: 16), token.count == 2 else {
                    throw VectorError("bad hex token '\(token)' in annotated hex")
                }
                result.append(byte)
            }
        }
        return result
    }

    /// `# limits: maximumDepth=2, maximumInflatedSize=16`
    public func limits() throws -> ArchiveDecoder.Limits {
        var limits = ArchiveDecoder.Limits()
        guard let text = self["limits"] else { return limits }
        for item in text.split(separator: ",") {
            let parts = item.split(separator: "=").map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, let value = Int(parts[1]) else { throw VectorError("bad limit '\(item)' in \(name)") }
            switch parts[0] {
            case "maximumDepth": limits.maximumDepth = value
            case "maximumInflatedSize": limits.maximumInflatedSize = value
            case "maximumCollectionCount": limits.maximumCollectionCount = value
            case "maximumMessageSize": limits.maximumMessageSize = value
            default: throw VectorError("unknown limit '\(parts[0])' in \(name)")
            }
        }
        return limits
    }

    /// `# checksum: crc32`
    public func checksum() throws -> ArchiveChecksum {
        guard let text = self["checksum"] else { return .none }
        guard text == "crc32" else { throw VectorError("bad checksum '\(text)' in \(name)") }
        return .crc32
    }

    /// The encoder options of `# encoder: deterministic, preserves-object-identity`: the names
    /// of the `ArchiveEncoder` settings that wrote the bytes, comma-separated.
    public func encoderOptions() throws -> Set<String> {
        guard let text = self["encoder"] else { return [] }
        let options = Set(text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
        let known: Set<String> = ["deterministic", "preserves-object-identity"]
        guard options.isSubset(of: known) else { throw VectorError("bad encoder '\(text)' in \(name)") }
        return options
    }

    /// `# encoder: deterministic` (`ArchiveEncoder.deterministic`).
    public func isDeterministic() throws -> Bool {
        try encoderOptions().contains("deterministic")
    }

    /// `# encoder: preserves-object-identity` (`ArchiveEncoder.preservesObjectIdentity`).
    public func preservesObjectIdentity() throws -> Bool {
        try encoderOptions().contains("preserves-object-identity")
    }

    /// `# compression: zlib(level: 9)`
    public func compression() throws -> ArchiveCompression {
        guard let text = self["compression"] else { return .none }
        if text == "zlib" { return .zlib }
        let prefix = "zlib(level: "
        guard text.hasPrefix(prefix), text.hasSuffix(")"), let level = Int(text.dropFirst(prefix.count).dropLast()) else {
            throw VectorError("bad compression '\(text)' in \(name)")
        }
        return .zlib(level: level)
    }

    /// The encoder that wrote the vector: its compression, checksum and encoder options.
    public func encoder() throws -> ArchiveEncoder {
        var encoder = ArchiveEncoder()
        encoder.compression = try compression()
        encoder.checksum = try checksum()
        encoder.deterministic = try isDeterministic()
        encoder.preservesObjectIdentity = try preservesObjectIdentity()
        return encoder
    }
}

/// A vector file that does not say what the format of the vector files says it must.
public struct VectorError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}

extension Vector {
    /// The error an invalid stream vector (`Spec/vectors/streams/invalid`) names in its `error`
    /// line, as the stream reader's kind; nil for a name that is not a stream error.
    public var streamErrorKind: ArchiveStreamError.Kind? {
        switch self["error"] {
        case "truncatedFrame": .truncatedFrame
        case "messageTooLarge": .messageTooLarge
        case "emptyFrame": .emptyFrame
        default: nil
        }
    }
}

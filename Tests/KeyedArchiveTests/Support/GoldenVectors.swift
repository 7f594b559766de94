import Foundation
import KeyedArchive
import Testing

/// A golden vector file of `Spec/vectors/{valid,invalid}`: its `# key: value` metadata and its bytes.
struct Vector {
    let name: String
    let metadata: [String: String]
    let bytes: [UInt8]

    subscript(key: String) -> String? { metadata[key] }

    static let root = TestSupport.repositoryRoot.appendingPathComponent("Spec/vectors")

    /// The vector names (file names without `.hex`) in `folder`, sorted; [] if it cannot be read.
    static func names(in folder: String) -> [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)) ?? []
        return files.filter { $0.hasSuffix(".hex") }.map { String($0.dropLast(4)) }.sorted()
    }

    /// Every file in `folder`, including any that is not a `.hex` vector.
    static func allFiles(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)) ?? [])
            .filter { !$0.hasPrefix(".") }
    }

    init(folder: String, name: String) throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("\(folder)/\(name).hex"), encoding: .utf8)
        self.name = name
        // Metadata: "# key: value" lines of the leading comment block (keys are [a-z-]+).
        var metadata: [String: String] = [:]
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty { continue }
            guard trimmed.hasPrefix("#") else { break }
            let body = trimmed.dropFirst().trimmingCharacters(in: .whitespaces)
            guard let colon = body.range(of: ": ") else { continue }
            let key = String(body[..<colon.lowerBound])
            guard !key.isEmpty, key.allSatisfy({ ("a"..."z").contains($0) || $0 == "-" }) else { continue }
            metadata[key] = String(body[colon.upperBound...]).trimmingCharacters(in: .whitespaces)
        }
        self.metadata = metadata
        self.bytes = TestSupport.bytes(fromAnnotatedHex: text)
    }

    /// `# limits: maximumDepth=2, maximumInflatedSize=16`
    func limits() throws -> ArchiveDecoder.Limits {
        var limits = ArchiveDecoder.Limits()
        guard let text = self["limits"] else { return limits }
        for item in text.split(separator: ",") {
            let parts = item.split(separator: "=").map { $0.trimmingCharacters(in: .whitespaces) }
            let value = try #require(parts.count == 2 ? Int(parts[1]) : nil, "bad limit '\(item)' in \(name)")
            switch parts[0] {
            case "maximumDepth": limits.maximumDepth = value
            case "maximumInflatedSize": limits.maximumInflatedSize = value
            case "maximumCollectionCount": limits.maximumCollectionCount = value
            case "maximumMessageSize": limits.maximumMessageSize = value
            default: Issue.record("unknown limit '\(parts[0])' in \(name)")
            }
        }
        return limits
    }

    /// `# checksum: crc32`
    func checksum() throws -> ArchiveChecksum {
        guard let text = self["checksum"] else { return .none }
        try #require(text == "crc32", "bad checksum '\(text)' in \(name)")
        return .crc32
    }

    /// The encoder options of `# encoder: deterministic, preserves-object-identity`: the names
    /// of the `ArchiveEncoder` settings that wrote the bytes, comma-separated.
    func encoderOptions() throws -> Set<String> {
        guard let text = self["encoder"] else { return [] }
        let options = Set(text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
        let known: Set<String> = ["deterministic", "preserves-object-identity"]
        try #require(options.isSubset(of: known), "bad encoder '\(text)' in \(name)")
        return options
    }

    /// `# encoder: deterministic` (`ArchiveEncoder.deterministic`).
    func isDeterministic() throws -> Bool {
        try encoderOptions().contains("deterministic")
    }

    /// `# encoder: preserves-object-identity` (`ArchiveEncoder.preservesObjectIdentity`).
    func preservesObjectIdentity() throws -> Bool {
        try encoderOptions().contains("preserves-object-identity")
    }

    /// `# compression: zlib(level: 9)`
    func compression() throws -> ArchiveCompression {
        guard let text = self["compression"] else { return .none }
        if text == "zlib" { return .zlib }
        let prefix = "zlib(level: "
        let level = try #require(text.hasPrefix(prefix) && text.hasSuffix(")") ? Int(text.dropFirst(prefix.count).dropLast()) : nil,
                                 "bad compression '\(text)' in \(name)")
        return .zlib(level: level)
    }
}

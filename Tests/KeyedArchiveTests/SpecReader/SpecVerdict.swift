import KeyedArchive

/// What a reader says about an archive: accepted, or the first error of §12.4's order as a kind
/// name of §12.3 and an offset (in the inflated archive for a compressed body, §11).
enum SpecVerdict: Hashable, Sendable, CustomStringConvertible {
    case accepted
    case rejected(kind: String, offset: Int)

    var description: String {
        switch self {
        case .accepted: "accepted"
        case .rejected(let kind, let offset): "\(kind) at \(offset)"
        }
    }
}

/// An error found by the spec reader: a kind name of §12.3 and its offset.
struct SpecFailure: Error, Hashable {
    let kind: String
    let offset: Int

    static func truncated(_ offset: Int) -> SpecFailure { SpecFailure(kind: "truncated", offset: offset) }
    static func malformed(_ offset: Int) -> SpecFailure { SpecFailure(kind: "malformed", offset: offset) }
    static func notAnArchive(_ offset: Int) -> SpecFailure { SpecFailure(kind: "notAnArchive", offset: offset) }
    static func unsupportedVersion(_ offset: Int) -> SpecFailure { SpecFailure(kind: "unsupportedVersion", offset: offset) }
    static func unsupportedFlags(_ offset: Int) -> SpecFailure { SpecFailure(kind: "unsupportedFlags", offset: offset) }
    static func invalidUTF8(_ offset: Int) -> SpecFailure { SpecFailure(kind: "invalidUTF8", offset: offset) }
    static func limitExceeded(_ offset: Int) -> SpecFailure { SpecFailure(kind: "limitExceeded", offset: offset) }
    static func compression(_ offset: Int) -> SpecFailure { SpecFailure(kind: "compression", offset: offset) }
    static func checksumMismatch(_ offset: Int) -> SpecFailure { SpecFailure(kind: "checksumMismatch", offset: offset) }

    var verdict: SpecVerdict { .rejected(kind: kind, offset: offset) }
}

/// The limits of §12.1 that a validating reader applies (`maximumMessageSize` is about streams).
struct SpecLimits: Hashable, Sendable, CustomStringConvertible {
    var maximumDepth = 512
    var maximumInflatedSize = 256 << 20
    var maximumCollectionCount = 1 << 24

    init() {}

    init(_ limits: ArchiveDecoder.Limits) {
        maximumDepth = limits.maximumDepth
        maximumInflatedSize = limits.maximumInflatedSize
        maximumCollectionCount = limits.maximumCollectionCount
    }

    /// The same limits for the library under test.
    var decoderLimits: ArchiveDecoder.Limits {
        var limits = ArchiveDecoder.Limits()
        limits.maximumDepth = maximumDepth
        limits.maximumInflatedSize = maximumInflatedSize
        limits.maximumCollectionCount = maximumCollectionCount
        return limits
    }

    var description: String {
        "maximumDepth=\(maximumDepth), maximumInflatedSize=\(maximumInflatedSize), maximumCollectionCount=\(maximumCollectionCount)"
    }
}

import Foundation
@testable import KeyedArchive

/// The library as a black box: `karchive validate`'s verdict (the package's `InspectedArchive`
/// walk) and `ArchiveDecoder`'s errors, judged against the spec reader.
enum SpecAgreementOracle {
    /// The §12.3 name of each `ArchiveFormatError.Kind`.
    static let kindNames: [ArchiveFormatError.Kind: String] =
        Dictionary(uniqueKeysWithValues: formatErrorKinds.map { ($0.value, $0.key) })

    /// What `karchive validate` says: `InspectedArchive(bytes, limits:)`, then a walk.
    static func libraryVerdict(_ bytes: [UInt8], limits: SpecLimits) -> SpecVerdict {
        do {
            let archive = try InspectedArchive(bytes, limits: limits.decoderLimits)
            var visitor = NoOpVisitor()
            try archive.walk(&visitor)
            return .accepted
        } catch {
            return verdict(of: error.error)
        }
    }

    static func verdict(of error: ArchiveFormatError) -> SpecVerdict {
        .rejected(kind: kindNames[error.kind] ?? "\(error.kind)", offset: error.offset ?? -1)
    }

    /// Oracle (b): `ArchiveDecoder` reading the seed's type. Returns a description of the
    /// disagreement, or nil when the decoder behaves as §12.2 allows a lazy reader to.
    static func decoderDisagreement(_ bytes: [UInt8], limits: SpecLimits, decode: SeedDecode,
                                    spec reader: SpecReader, verdict: SpecVerdict) -> String? {
        var decoder = ArchiveDecoder()
        decoder.limits = limits.decoderLimits
        let opening = reader.openingVerdict()
        let thrown: ArchiveFormatError?
        do {
            try decode(bytes, decoder)
            thrown = nil
        } catch let error as DecodingError {
            thrown = formatError(in: error)
        } catch {
            return "ArchiveDecoder threw \(error), not a DecodingError"
        }
        // Steps 1–4 are made when the archive is opened: exactly the spec reader's first error.
        if opening != .accepted {
            let got = thrown.map { Self.verdict(of: $0) }
            return got == opening ? nil : "ArchiveDecoder: \(got.map(\.description) ?? "no format error"), spec reader opening: \(opening)"
        }
        guard let thrown else { return nil }
        let got = Self.verdict(of: thrown)
        if ["notAnArchive", "unsupportedVersion", "unsupportedFlags", "checksumMismatch", "compression"].contains(kindNames[thrown.kind]) {
            return "ArchiveDecoder: \(got) from steps 1–3, which the spec reader passes"
        }
        guard verdict == .accepted else { return nil }
        // Accepted by a validating reader: only a key matching two entries (§8.3) or a lazy
        // reader's own depth count (§12.2) may fail.
        let observations = reader.observations() ?? SpecObservations()
        if thrown.kind == .malformed, let offset = thrown.offset, observations.twoEntryKeyOffsets.contains(offset) { return nil }
        if thrown.kind == .limitExceeded, let offset = thrown.offset, observations.valueTags.contains(offset) { return nil }
        return "ArchiveDecoder: \(got) in an archive the spec reader accepts"
    }

    /// The `ArchiveFormatError` under a `DecodingError`, if any.
    static func formatError(in error: DecodingError) -> ArchiveFormatError? {
        switch error {
        case .dataCorrupted(let context), .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context):
            return context.underlyingError as? ArchiveFormatError
        @unknown default:
            return nil
        }
    }
}

/// A visitor that does nothing: the walk alone validates.
private struct NoOpVisitor: ArchiveVisitor {}

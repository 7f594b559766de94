// Combine's coder protocols, so that `publisher.encode(encoder:)` and
// `publisher.decode(type:decoder:)` take an `ArchiveEncoder` / `ArchiveDecoder` on Apple
// platforms. Combine does not exist on Linux; there this file compiles to nothing.
#if canImport(Combine)
import Combine
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `ArchiveEncoder` is a Combine `TopLevelEncoder` whose output is the archive's `Data`.
///
/// ```swift
/// let archives = settingsPublisher.encode(encoder: ArchiveEncoder())
/// ```
extension ArchiveEncoder: TopLevelEncoder {
    /// The archive bytes, as `encode(_:)` returns them.
    public typealias Output = Data
}

/// `ArchiveDecoder` is a Combine `TopLevelDecoder` that reads archives from `Data`.
///
/// ```swift
/// let settings = archivePublisher.decode(type: Settings.self, decoder: ArchiveDecoder())
/// ```
///
/// `Input` is stated because the decoder has two `decode` methods (`Data` and `[UInt8]`);
/// Combine uses the `Data` one.
extension ArchiveDecoder: TopLevelDecoder {
    /// Archives arrive as `Data`, as `ArchiveEncoder.encode(_:)` returns them.
    public typealias Input = Data
}
#endif

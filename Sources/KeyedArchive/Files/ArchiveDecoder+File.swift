#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension ArchiveDecoder {
    /// Reads the file at `url` and decodes a value of `type` from it.
    ///
    /// ```swift
    /// let settings = try ArchiveDecoder().read(Settings.self, from: settingsURL)
    /// ```
    ///
    /// The whole file is read into memory first (not memory-mapped: a file truncated by
    /// another process while mapped would crash the reader), then decoded as by
    /// `decode(_:from:)`, with this decoder's `limits` and `userInfo`. A file written by
    /// `ArchiveEncoder.write(_:to:checksum:)` carries a CRC-32 by default, which is verified
    /// before anything is decoded: a damaged file throws rather than decoding to wrong values.
    ///
    /// Reading a file that `write(_:to:checksum:)` is replacing at the same moment is safe: the
    /// open finds either the old file or the new one, each complete.
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - url: A `file:` URL.
    /// - Throws: A `CocoaError` if the file cannot be read, with the path in `filePath`, the
    ///   `POSIXError` of `errno` as `underlying`, and the failed call, path and errno in its
    ///   debug description. Codes: `.fileReadNoSuchFile` (no file at `url`),
    ///   `.fileReadNoPermission`, `.fileReadInvalidFileName`, `.fileReadUnsupportedScheme` (not
    ///   a file URL), otherwise `.fileReadUnknown` (a directory, an I/O error). Any error of
    ///   `decode(_:from:)` if the contents are not a valid archive of `type`: for example
    ///   `DecodingError.dataCorrupted` with an `ArchiveFormatError` as `underlyingError`.
    public func read<T: Decodable>(_ type: T.Type, from url: URL) throws -> T {
        let path = try ArchiveFileIO.path(of: url, writing: false)
        let bytes = try ArchiveFileIO.readAll(path)
        return try decode(type, from: bytes)
    }
}

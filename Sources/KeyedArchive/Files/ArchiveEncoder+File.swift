#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension ArchiveEncoder {
    /// Encodes `value` and saves the archive to the file at `url`, replacing it atomically and
    /// durably.
    ///
    /// ```swift
    /// try ArchiveEncoder().write(settings, to: settingsURL)
    /// let settings = try ArchiveDecoder().read(Settings.self, from: settingsURL)
    /// ```
    ///
    /// The value is encoded with this encoder's `compression`, `userInfo` and `maximumDepth`,
    /// but with `checksum` (CRC-32 unless you pass `.none`) in place of the encoder's own
    /// `checksum` property, so that a damaged file fails to decode instead of decoding to wrong
    /// values. The value is encoded completely before the file system is touched.
    ///
    /// Then the archive is written to a new temporary file in the same directory, named
    /// `.NAME.karchive-tmp-<16 random hex digits>` (created with `O_CREAT | O_EXCL`), the
    /// temporary is flushed to stable storage (`fsync`; `F_FULLFSYNC` on Apple platforms),
    /// renamed over `url`, and the directory is fsynced so that the rename itself is durable.
    /// If a file already exists at `url`, its permission bits are given to the new file;
    /// otherwise the new file is created with mode `0644` minus the process umask.
    ///
    /// Guarantees:
    /// - **Atomic replace.** Readers, and the file left after a crash or power loss at any
    ///   moment, see either the complete old file or the complete new file, never a mix, a
    ///   truncated file or an empty one.
    /// - **Durable on return.** When this method returns, the data and the rename have been
    ///   flushed to stable storage (as far as the file system and drive honour `fsync`).
    /// - **Clean failure.** If encoding or any step up to and including the rename fails, the
    ///   file at `url` is untouched and the temporary file is removed. Only if the final fsync
    ///   of the directory fails is an error thrown after the file was replaced (the new
    ///   contents are in place, but their durability is not confirmed).
    ///
    /// Not guaranteed:
    /// - Concurrent writers: two processes or threads writing the same `url` at once each
    ///   replace the file atomically, and the last rename wins; neither locks out the other.
    /// - A process killed mid-write (e.g. `SIGKILL`) leaves its temporary file behind (the
    ///   target is still intact). Such leftovers match `.NAME.karchive-tmp-*` and can be
    ///   deleted.
    /// - A symbolic link at `url` is replaced by a regular file; the file it pointed to is not
    ///   changed. Hard links to the old file keep the old contents. Ownership, extended
    ///   attributes and ACLs of the old file are not carried over.
    ///
    /// - Parameters:
    ///   - value: The value to archive.
    ///   - url: A `file:` URL. Its directory must exist and be writable.
    ///   - checksum: The integrity check appended to the archive. Default: `.crc32`.
    /// - Throws: `EncodingError` if `value` cannot be encoded (nothing is written). A
    ///   `CocoaError` if a file operation fails, with the path in `filePath`, the `POSIXError`
    ///   of `errno` as `underlying`, and the failed call, path and errno in its debug
    ///   description. Codes: `.fileNoSuchFile` (the directory does not exist),
    ///   `.fileWriteNoPermission`, `.fileWriteOutOfSpace`, `.fileWriteVolumeReadOnly`,
    ///   `.fileWriteInvalidFileName`, `.fileWriteUnsupportedScheme` (not a file URL),
    ///   otherwise `.fileWriteUnknown`.
    public func write<T: Encodable>(_ value: T, to url: URL, checksum: ArchiveChecksum = .crc32) throws {
        let path = try ArchiveFileIO.path(of: url, writing: true)
        var encoder = self
        encoder.checksum = checksum
        let data = try encoder.encode(value)
        try ArchiveFileIO.replace(path, with: data)
    }
}

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// POSIX file operations behind `ArchiveEncoder.write(_:to:checksum:)` and
/// `ArchiveDecoder.read(_:from:)`. Every failure is a `CocoaError` whose `underlying` error is
/// the `POSIXError` of `errno`, whose `filePath` is the path involved, and whose debug
/// description names the failed call, the path and the errno.
package enum ArchiveFileIO {
    // MARK: Errors

    /// A `CocoaError` for a failed POSIX call. `write` picks the file-writing codes, otherwise
    /// the file-reading ones.
    static func error(_ call: String, path: String, errno code: Int32, writing: Bool) -> CocoaError {
        let cocoaCode: CocoaError.Code
        switch (code, writing) {
        case (ENOENT, false): cocoaCode = .fileReadNoSuchFile
        case (ENOENT, true): cocoaCode = .fileNoSuchFile
        case (EACCES, false), (EPERM, false): cocoaCode = .fileReadNoPermission
        case (EACCES, true), (EPERM, true): cocoaCode = .fileWriteNoPermission
        case (ENAMETOOLONG, false): cocoaCode = .fileReadInvalidFileName
        case (ENAMETOOLONG, true): cocoaCode = .fileWriteInvalidFileName
        case (ENOSPC, true), (EDQUOT, true): cocoaCode = .fileWriteOutOfSpace
        case (EROFS, true): cocoaCode = .fileWriteVolumeReadOnly
        case (_, false): cocoaCode = .fileReadUnknown
        case (_, true): cocoaCode = .fileWriteUnknown
        }
        let message = String(cString: strerror(code))
        var userInfo: [String: Any] = [
            "NSFilePath": path,
            "NSDebugDescription": "\(call) failed for \(path): errno \(code) (\(message))",
        ]
        if let posix = POSIXErrorCode(rawValue: code) {
            userInfo["NSUnderlyingError"] = POSIXError(posix)
        }
        return CocoaError(cocoaCode, userInfo: userInfo)
    }

    /// The file-system path of a `file:` URL, or a `CocoaError` (unsupported scheme).
    static func path(of url: URL, writing: Bool) throws -> String {
        guard url.isFileURL else {
            throw CocoaError(writing ? .fileWriteUnsupportedScheme : .fileReadUnsupportedScheme, userInfo: [
                "NSURL": url,
                "NSDebugDescription": "\(url) is not a file URL",
            ])
        }
        let path = url.withUnsafeFileSystemRepresentation { $0.map { String(cString: $0) } } ?? url.path
        guard !path.isEmpty else {
            throw CocoaError(writing ? .fileWriteInvalidFileName : .fileReadInvalidFileName, userInfo: [
                "NSURL": url,
                "NSDebugDescription": "\(url) has an empty path",
            ])
        }
        return path
    }

    // MARK: Atomic, durable replace

    /// Replaces the file at `path` with `data`: temporary file in the same directory, write,
    /// fsync, rename over `path`, fsync the directory. On an error before the rename the
    /// temporary is removed and `path` is untouched.
    package static func replace(_ path: String, with data: Data) throws {
        let (directory, name) = split(path)
        // Keep the existing file's permission bits (the new file would otherwise get the
        // umask's), as editors and `Data.write(options: .atomic)` do.
        var existing = stat()
        let preservedMode: mode_t? = stat(path, &existing) == 0 && (existing.st_mode & S_IFMT) == S_IFREG
            ? existing.st_mode & 0o7777 : nil

        let (fd, temporary) = try createTemporary(directory: directory, name: name)
        do {
            if let preservedMode, fchmod(fd, preservedMode) != 0 {
                throw error("fchmod", path: temporary, errno: errno, writing: true)
            }
            try writeAll(fd, data, path: temporary)
            try sync(fd, path: temporary)
        } catch {
            _ = close(fd)
            _ = unlink(temporary)
            throw error
        }
        // On Linux, close never needs retrying (the descriptor is gone even on EINTR); an EIO
        // from close is a lost write, so it is an error like any other.
        if close(fd) != 0 && errno != EINTR {
            let code = errno
            _ = unlink(temporary)
            throw error("close", path: temporary, errno: code, writing: true)
        }
        if rename(temporary, path) != 0 {
            let code = errno
            _ = unlink(temporary)
            throw error("rename", path: path, errno: code, writing: true)
        }
        try syncDirectory(directory)
    }

    /// The directory part (`"."` for a bare name) and the last component of `path`.
    static func split(_ path: String) -> (directory: String, name: String) {
        var trimmed = Substring(path)
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return (".", String(trimmed)) }
        let directory = slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
        return (directory, String(trimmed[trimmed.index(after: slash)...]))
    }

    /// Creates `DIRECTORY/.NAME.karchive-tmp-<16 hex digits>` exclusively (`O_EXCL`), retrying
    /// with another random suffix if the name is taken.
    private static func createTemporary(directory: String, name: String) throws -> (Int32, String) {
        // Keep the temporary's name under NAME_MAX (255 bytes) even for a long target name.
        var stem = ""
        for scalar in name.unicodeScalars {
            guard stem.utf8.count + String(scalar).utf8.count <= 200 else { break }
            stem.unicodeScalars.append(scalar)
        }
        let prefix = directory == "/" ? "/" : directory + "/"
        var generator = SystemRandomNumberGenerator()
        var attempts = 0
        while true {
            let suffix = String(generator.next() as UInt64, radix: 16)
            let temporary = prefix + "." + stem + ".karchive-tmp-" + String(repeating: "0", count: 16 - suffix.count) + suffix
            let fd = open(temporary, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, mode_t(0o644))
            if fd >= 0 { return (fd, temporary) }
            let code = errno
            attempts += 1
            if code == EINTR || (code == EEXIST && attempts < 100) { continue }
            throw error("open", path: temporary, errno: code, writing: true)
        }
    }

    /// Writes every byte of `data`, handling short writes and `EINTR`.
    private static func writeAll(_ fd: Int32, _ data: Data, path: String) throws {
        try data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count {
                let n = systemWrite(fd, base + offset, min(buffer.count - offset, 1 << 30))
                if n > 0 {
                    offset += n
                } else if n < 0 && errno == EINTR {
                    continue
                } else {
                    throw error("write", path: path, errno: n == 0 ? EIO : errno, writing: true)
                }
            }
        }
    }

    /// Flushes a file's data and metadata to stable storage. On Darwin `fsync` only reaches
    /// the drive's cache, so `F_FULLFSYNC` is tried first.
    private static func sync(_ fd: Int32, path: String) throws {
        #if canImport(Darwin)
        if fcntl(fd, F_FULLFSYNC) == 0 { return }
        #endif
        while fsync(fd) != 0 {
            let code = errno
            if code == EINTR { continue }
            throw error("fsync", path: path, errno: code, writing: true)
        }
    }

    /// Makes the rename durable: fsyncs the directory that holds the entry. File systems that
    /// cannot fsync a directory (`EINVAL`) are accepted as they are.
    private static func syncDirectory(_ directory: String) throws {
        var fd: Int32
        repeat { fd = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC) } while fd < 0 && errno == EINTR
        guard fd >= 0 else { throw error("open (directory)", path: directory, errno: errno, writing: true) }
        defer { _ = close(fd) }
        while fsync(fd) != 0 {
            let code = errno
            if code == EINTR { continue }
            if code == EINVAL || code == ENOTSUP { return }
            throw error("fsync (directory)", path: directory, errno: code, writing: true)
        }
    }

    // MARK: Reading

    /// The whole contents of the file at `path` (read until end of file, so a file that grows
    /// between `fstat` and `read` is still read completely).
    package static func readAll(_ path: String) throws -> [UInt8] {
        var fd: Int32
        repeat { fd = open(path, O_RDONLY | O_CLOEXEC) } while fd < 0 && errno == EINTR
        guard fd >= 0 else { throw error("open", path: path, errno: errno, writing: false) }
        defer { _ = close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw error("fstat", path: path, errno: errno, writing: false) }
        guard (info.st_mode & S_IFMT) != S_IFDIR else {
            throw error("read", path: path, errno: EISDIR, writing: false)
        }
        // A file no `Int` can count (over 2 GiB where `Int` is 32 bits) cannot be read into
        // memory: refused as the system refuses such a read, not trapped on.
        guard let size = Int(exactly: info.st_size), size < Int.max else {
            throw error("read", path: path, errno: EOVERFLOW, writing: false)
        }
        // One byte more than the size, so the read that sees end of file needs no regrowth.
        var bytes = [UInt8](repeating: 0, count: max(size, 0) + 1)
        var count = 0
        while true {
            if count == bytes.count { bytes.append(contentsOf: repeatElement(0, count: max(bytes.count, 4096))) }
            let n = bytes.withUnsafeMutableBytes { buffer in
                systemRead(fd, buffer.baseAddress! + count, buffer.count - count)
            }
            if n > 0 {
                count += n
            } else if n == 0 {
                break
            } else if errno != EINTR {
                throw error("read", path: path, errno: errno, writing: false)
            }
        }
        bytes.removeLast(bytes.count - count)
        return bytes
    }
}

// `read` and `write` are also the names of the methods being added; name the C functions
// unambiguously.
@inline(__always)
private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    return Glibc.write(fd, buffer, count)
    #else
    return Darwin.write(fd, buffer, count)
    #endif
}

@inline(__always)
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    return Glibc.read(fd, buffer, count)
    #else
    return Darwin.read(fd, buffer, count)
    #endif
}

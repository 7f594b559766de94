import Foundation
import KeyedArchive

/// Archives framed into a stream (`Spec/STREAMS.md`) by `ArchiveStreamWriter` itself, collected
/// in memory so that the tool writes the result as one file, atomically.
enum FramedOutput {
    /// The stream holding `payloads` (complete archives), one frame each. The writer writes to a
    /// file descriptor, so the frames go through an anonymous temporary file.
    static func stream(of payloads: [Data]) throws(CommandFailure) -> [UInt8] {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("karchive-frames-\(UUID().uuidString)").path
        let fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw CommandFailure("cannot create a temporary file: \(String(cString: strerror(errno)))") }
        unlink(path)
        defer { close(fd) }
        let writer = ArchiveStreamWriter(fileDescriptor: fd)
        do {
            for payload in payloads { try writer.writeFrame(payload) }
        } catch {
            throw CommandFailure("cannot frame the archives: \(error)")
        }
        let size = Int(lseek(fd, 0, SEEK_END))
        lseek(fd, 0, SEEK_SET)
        var bytes = [UInt8](repeating: 0, count: size)
        var done = 0
        while done < size {
            let n = bytes[done...].withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard n > 0 else { throw CommandFailure("cannot read a temporary file: \(String(cString: strerror(errno)))") }
            done += n
        }
        return bytes
    }
}

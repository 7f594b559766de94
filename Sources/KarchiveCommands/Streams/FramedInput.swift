import Foundation
import ArgumentParser
import KeyedArchive

/// The `--stream` options: read the input as a framed stream of archives (`Spec/STREAMS.md`).
struct StreamOptions: ParsableArguments {
    @Flag(help: "Read a framed stream of archives (Spec/STREAMS.md) and report each frame.")
    var stream = false
    @Option(help: "Largest frame payload accepted, in bytes (ArchiveStreamReader.maximumMessageSize).")
    var maxMessageSize: Int = ArchiveStreamReader.defaultMaximumMessageSize
}

/// The frames of a framed stream held in memory, split by `ArchiveStreamReader` itself, so that
/// the tool and the library cannot disagree on where a frame ends or what is wrong with it.
struct FramedInput {
    /// One complete frame: where its header starts in the stream, and its payload (an archive).
    struct Frame {
        let offset: Int
        let payload: [UInt8]
    }

    /// The complete frames, in order.
    let frames: [Frame]
    /// What ended the stream early (a torn tail, an empty frame, a frame over the maximum), or
    /// `nil` at a clean end.
    let error: ArchiveStreamError?

    /// Splits `bytes` into frames. The reader reads a file descriptor, so the bytes go through
    /// an anonymous temporary file (unlinked at once: nothing is left behind).
    init(_ bytes: [UInt8], maximumMessageSize: Int) throws(CommandFailure) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("karchive-stream-\(UUID().uuidString)").path
        let fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw CommandFailure("cannot create a temporary file: \(String(cString: strerror(errno)))") }
        unlink(path)
        defer { close(fd) }
        var written = 0
        while written < bytes.count {
            let n = bytes[written...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            guard n > 0 else { throw CommandFailure("cannot write a temporary file: \(String(cString: strerror(errno)))") }
            written += n
        }
        lseek(fd, 0, SEEK_SET)
        var reader = ArchiveStreamReader(fileDescriptor: fd, maximumMessageSize: maximumMessageSize)
        var frames: [Frame] = []
        var failure: ArchiveStreamError?
        while true {
            let start = reader.offset
            do {
                guard let payload = try reader.nextFrame() else { break }
                frames.append(Frame(offset: start, payload: payload))
            } catch {
                failure = error
                break
            }
        }
        self.frames = frames
        self.error = failure
    }

    /// Runs `convert` on every frame, in order, handing what it returns to `output` and what
    /// it throws to `failed`; then reports a framing error on standard error. Returns the exit
    /// status: 0 if every frame converted and the stream ended cleanly, else 1.
    func forEachFrame<Result>(io: CommandIO, _ convert: (Frame) throws(CommandFailure) -> Result,
                              output: (Int, Frame, Result) -> Void, failed: (Int, Frame, CommandFailure) -> Void) -> Int32 {
        var status: Int32 = 0
        for (index, frame) in frames.enumerated() {
            do {
                output(index, frame, try convert(frame))
            } catch {
                failed(index, frame, error)
                status = 1
            }
        }
        if let error {
            io.report("error: \(error)")
            return 1
        }
        return status
    }

    /// "frame N at offset X" for messages.
    static func label(_ index: Int, _ frame: Frame) -> String {
        "frame \(index) at offset \(frame.offset) (\(Formatting.plural(frame.payload.count, "byte", "bytes")))"
    }
}

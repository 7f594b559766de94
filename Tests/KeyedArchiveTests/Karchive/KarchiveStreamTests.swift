import Foundation
import KeyedArchive
import Testing

/// `karchive validate --stream` and `karchive inspect --stream`: a framed stream of archives
/// (`Spec/STREAMS.md`) reported frame by frame, with the framing errors of the stream vectors.
@Suite struct KarchiveStreamTests {
    /// `payloads` framed as `ArchiveStreamWriter` frames them: a 4-byte little-endian length each.
    func framed(_ payloads: [[UInt8]]) -> [UInt8] {
        payloads.flatMap { payload in withUnsafeBytes(of: UInt32(payload.count).littleEndian, Array.init) + payload }
    }

    @Test func validateReportsEveryFrame() throws {
        let good = try archiveBytes(["a", "b"])
        let compressed = try archiveBytes(["a": 1], compression: .zlib, checksum: .crc32)
        var corrupted = compressed
        corrupted[corrupted.count - 1] ^= 0x01
        let run = karchive("validate", "--stream", input: framed([good, corrupted, compressed]))
        #expect(run.status == 1)
        #expect(run.lines.count == 4, "\(run.text)")
        #expect(run.lines[0].hasPrefix("frame 0 at offset 0 (\(good.count) bytes): valid: \(good.count) bytes"))
        #expect(run.lines[1].hasPrefix("frame 1 at offset \(4 + good.count) (\(corrupted.count) bytes): error: checksum mismatch at offset \(corrupted.count - 4):"), "\(run.lines[1])")
        #expect(run.lines[2].hasPrefix("frame 2 at offset \(8 + good.count + corrupted.count) (\(compressed.count) bytes): valid: "), "\(run.lines[2])")
        #expect(run.lines[3] == "3 frames, stream ends cleanly")
        #expect(run.errors.isEmpty)
        // All valid: exit 0; --quiet prints nothing.
        #expect(karchive("validate", "--stream", input: framed([good, compressed])).status == 0)
        let quiet = karchive("validate", "--stream", "--quiet", input: framed([good, compressed]))
        #expect(quiet.status == 0 && quiet.output.isEmpty)
        // An empty stream is a stream of no frames.
        #expect(karchive("validate", "--stream", input: []).lines == ["0 frames, stream ends cleanly"])
    }

    /// Every invalid stream vector: the complete frames are reported, then the framing error
    /// with the vector's kind and offset on standard error, exit 1.
    @Test(arguments: Vector.names(in: "streams/invalid"))
    func framingErrorsOfTheStreamVectors(name: String) throws {
        let vector = try Vector(folder: "streams/invalid", name: name)
        let spelling: [String: String] = ["truncatedFrame": "truncated last frame", "emptyFrame": "empty frame", "messageTooLarge": "message too large"]
        var arguments = ["validate", "--stream"]
        let limits = try vector.limits()
        if limits.maximumMessageSize != ArchiveDecoder.Limits().maximumMessageSize {
            arguments += ["--max-message-size", "\(limits.maximumMessageSize)"]
        }
        let run = karchive(arguments, input: vector.bytes)
        #expect(run.status == 1, "\(name)")
        #expect(run.lines.count == vector["frames-before-error"].flatMap(Int.init), "\(name): \(run.text)")
        let kind = try #require(vector["error"].flatMap { spelling[$0] })
        #expect(run.errors.hasPrefix("error: \(kind) at offset \(vector["offset"] ?? "?"):"), "\(name): \(run.errors)")
    }

    @Test func inspectShowsEachFrame() throws {
        let first = try archiveBytes(42)
        let second = try archiveBytes("hi")
        let run = karchive("inspect", "--stream", input: framed([first, Array("nope".utf8), second]))
        #expect(run.status == 1)
        let text = run.text
        #expect(text.contains("== frame 0 at offset 0 (\(first.count) bytes)\narchive: \(first.count) bytes"))
        #expect(text.contains("Int64 42"))
        #expect(text.contains("== frame 1 at offset \(4 + first.count) (4 bytes)\nerror: not an archive at offset 0:"))
        #expect(text.contains("== frame 2 at offset \(12 + first.count) (\(second.count) bytes)"))
        #expect(text.contains("String \"hi\""), "\(text)")
        #expect(run.errors.isEmpty)
        // The annotated dump works per frame too.
        let hex = karchive("inspect", "--stream", "--hex", input: framed([first]))
        #expect(hex.status == 0 && hex.text.hasPrefix("== frame 0 at offset 0"))
    }
}

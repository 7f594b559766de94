import Foundation
import ArchiveTestSupport
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

    /// JSON Lines → from-json --stream → to-json --stream gives the lines back; the stream is
    /// one frame per line, as `ArchiveStreamReader` reads it, each frame the archive
    /// from-json writes for that line alone.
    @Test func jsonLinesRoundTripThroughAFramedStream() throws {
        let lines = [#"{"a":1,"b":[true,null]}"#, #"[1,300,-5,{"$nil":2}]"#, #""x""#, #"{"7":{"$data":"AAEC"},"k":{"$double":"NaN"}}"#]
        let input = Array((lines.joined(separator: "\n") + "\n\n").utf8)   // a blank line is skipped
        let written = karchive("from-json", "--stream", "--checksum", input: input)
        #expect(written.status == 0, "\(written.errors)")
        let frames = try FramedInputCheck.frames(written.output)
        #expect(frames.count == lines.count)
        for (line, frame) in zip(lines, frames) {
            #expect(frame == karchive("from-json", "--checksum", input: Array(line.utf8)).output)
            #expect(frame[5] & 0x02 == 0x02)   // --checksum applies to every frame
        }
        let back = karchive("to-json", "--stream", input: written.output)
        #expect(back.status == 0 && back.errors.isEmpty)
        #expect(back.lines == lines)
    }

    @Test func toJSONStreamReportsBadFramesAndFraming() throws {
        let good = try archiveBytes(["a": 1])
        let run = karchive("to-json", "--stream", input: framed([good, Array("nope".utf8), good]) + [9, 0])
        #expect(run.status == 1)
        #expect(run.lines == [#"{"a":1}"#, #"{"a":1}"#])
        let errors = run.errors.split(separator: "\n").map(String.init)
        #expect(errors.count == 2, "\(run.errors)")
        #expect(errors.first?.hasPrefix("error: frame 1 at offset \(4 + good.count) (4 bytes): not an archive at offset 0:") == true, "\(run.errors)")
        #expect(errors.last?.hasPrefix("error: truncated last frame at offset \(16 + 2 * good.count):") == true, "\(run.errors)")
    }

    /// JSON.md §8.1: a valid frame whose references would expand past a bound of §6 has no line,
    /// like a frame that is not an archive: reported, skipped, exit status 1 at the end. The
    /// bound holds for each line on its own, so a budget every frame fits in is enough for all.
    @Test func toJSONStreamSkipsAFrameWhoseExpansionBreaksABound() throws {
        let good = try archiveBytes(["a": 1])
        let huge = ReferenceArchives.doublingLevels(30)
        let run = karchive("to-json", "--stream", input: framed([good, huge, good]))
        #expect(run.status == 1)
        #expect(run.lines == [#"{"a":1}"#, #"{"a":1}"#])
        #expect(run.errors.hasPrefix("error: frame 1 at offset \(4 + good.count) (\(huge.count) bytes): expanding references makes the JSON larger than "), "\(run.errors)")
        #expect(run.errors.split(separator: "\n").count == 1, "\(run.errors)")
        let small = ReferenceArchives.doublingLevels(3)
        let line = karchive("to-json", "--compact", input: small).output.count - 1
        let bounded = karchive("to-json", "--stream", "--max-output-size", String(line), input: framed([small, small, small]))
        #expect(bounded.status == 0, "\(bounded.errors)")
        #expect(bounded.lines.count == 3)
        let under = karchive("to-json", "--stream", "--max-output-size", String(line - 1), input: framed([good, small]))
        #expect(under.status == 1)
        #expect(under.lines == [#"{"a":1}"#])
    }

    /// JSON.md §8.1: every line is a document of its own, so each may begin with a byte order
    /// mark, and a refusal's offset counts from its line's first byte, the mark included.
    @Test func fromJSONStreamTakesAByteOrderMarkOnEveryLine() throws {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        let run = karchive("from-json", "--stream", input: bom + Array("[1]\n".utf8) + bom + Array("{\"a\":1}\n".utf8))
        #expect(run.status == 0 && run.errors.isEmpty, "\(run.errors)")
        let frames = try FramedInputCheck.frames(run.output)
        #expect(frames.count == 2)
        if frames.count == 2 {
            #expect(try ArchiveDecoder().decode([Int].self, from: frames[0]) == [1])
            #expect(try ArchiveDecoder().decode([String: Int].self, from: frames[1]) == ["a": 1])
        }
        let bad = karchive("from-json", "--stream", input: Array("[1]\n".utf8) + bom + Array("{bad\n".utf8))
        #expect(bad.status == 1)
        #expect(bad.output.isEmpty)
        #expect(bad.errors.hasPrefix("error: line 2: invalid JSON at offset 4:"), "\(bad.errors)")
    }

    @Test func fromJSONStreamNamesTheBadLine() {
        let run = karchive("from-json", "--stream", input: Array("[1]\n\n{bad\n".utf8))
        #expect(run.status == 1)
        #expect(run.output.isEmpty)
        #expect(run.errors.hasPrefix("error: line 3: invalid JSON at offset 1:"), "\(run.errors)")
    }
}

/// Reads a framed stream with the library's reader, from a file.
enum FramedInputCheck {
    static func frames(_ bytes: [UInt8]) throws -> [[UInt8]] {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("frames-\(UUID().uuidString)").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        var reader = try ArchiveStreamReader(readingFileAtPath: path)
        defer { try? reader.close() }
        var frames: [[UInt8]] = []
        while let frame = try reader.nextFrame() { frames.append(frame) }
        return frames
    }
}

import Foundation
import ArchiveTestSupport
import KeyedArchive
import Testing

/// The stream vectors of `Spec/vectors/streams` (`Spec/STREAMS.md` §6): `ArchiveStreamReader`
/// reads each valid stream into the stated frames, and stops on each invalid one with the
/// stated error, at the stated offset, after the stated number of frames.
@Suite struct StreamVectorTests {
    /// Reads `bytes` as a stream from a file: every frame's payload, and the error that ended it.
    func readFrames(_ bytes: [UInt8], maximumMessageSize: Int? = nil) throws -> (payloads: [[UInt8]], error: ArchiveStreamError?) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("stream-vector-\(UUID().uuidString)").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        var reader = try ArchiveStreamReader(readingFileAtPath: path, maximumMessageSize: maximumMessageSize)
        defer { try? reader.close() }
        var payloads: [[UInt8]] = []
        do {
            while let payload = try reader.nextFrame() { payloads.append(payload) }
        } catch {
            return (payloads, error)
        }
        return (payloads, nil)
    }

    @Test func vectorFoldersAreNonEmpty() {
        #expect(Vector.names(in: "streams/valid").count >= 3)
        #expect(Vector.names(in: "streams/invalid").count >= 7)
    }

    @Test("Valid stream vector: the stated frames, each payload as stated", arguments: Vector.names(in: "streams/valid"))
    func validStream(name: String) throws {
        let vector = try Vector(folder: "streams/valid", name: name)
        #expect(vector["name"] == name)
        let (payloads, error) = try readFrames(vector.bytes)
        #expect(error == nil, "\(name): \(String(describing: error))")
        #expect(payloads.count == vector["frames"].flatMap(Int.init))
        if let lengths = vector["payload-lengths"] {
            #expect(payloads.map(\.count) == lengths.split(separator: ",").map { Int($0.trimmingCharacters(in: .whitespaces)) })
        }
        // Every payload is an archive, except those the vector says are not.
        let payloadErrors = Dictionary(uniqueKeysWithValues: (vector["payload-errors"] ?? "").split(separator: ";").compactMap { item -> (Int, String)? in
            let parts = item.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            return parts.count == 2 ? (Int(parts[0])!, parts[1]) : nil
        })
        for (index, payload) in payloads.enumerated() {
            let inspected = Result { try InspectedArchive(payload) }
            if let expected = payloadErrors[index] {
                guard case .failure(let error as InspectionError) = inspected else {
                    Issue.record("\(name): payload \(index) should fail with \(expected)")
                    continue
                }
                let kind = formatErrorKinds.first { $0.value == error.error.kind }?.key
                #expect("\(kind ?? "?") at \(error.error.offset ?? -1)" == expected, "\(name): payload \(index)")
            } else {
                #expect((try? inspected.get()) != nil, "\(name): payload \(index) is not an archive")
            }
        }
    }

    @Test("Invalid stream vector: the stated frames, then the stated error", arguments: Vector.names(in: "streams/invalid"))
    func invalidStream(name: String) throws {
        let vector = try Vector(folder: "streams/invalid", name: name)
        #expect(vector["name"] == name)
        let limits = try vector.limits()
        let (payloads, error) = try readFrames(vector.bytes, maximumMessageSize: limits.maximumMessageSize)
        #expect(payloads.count == vector["frames-before-error"].flatMap(Int.init), "\(name)")
        let streamError = try #require(error, "\(name): expected a stream error")
        #expect(streamError.kind == vector.streamErrorKind, "\(name): \(streamError)")
        #expect(streamError.offset == vector["offset"].flatMap(Int.init), "\(name): \(streamError)")
        if let missing = vector["missing-bytes"] {
            #expect(streamError.missingByteCount == Int(missing), "\(name): \(streamError)")
        }
    }
}

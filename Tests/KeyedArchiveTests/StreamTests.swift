#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArchiveTestSupport
import Foundation
import Testing
import KeyedArchive

// Framed archive streams (Spec/STREAMS.md): ArchiveStreamWriter / ArchiveStreamReader over
// pipes, files and a child process.

/// A log record.
private struct Record: Codable, Equatable, Sendable {
    var sequence: Int
    var name: String
    var amounts: [Double]
}

/// Small varied sizes: 0…300 bytes.
private func smallSize(_ index: Int) -> Int { (index &* 7919) % 301 }

private func record(_ sequence: Int) -> Record {
    Record(sequence: sequence, name: "record \(sequence)", amounts: (0..<(sequence % 5)).map { Double($0) * 1.5 })
}

/// A pipe's (read, write) descriptors.
private func makePipe() -> (read: Int32, write: Int32) {
    var fds: [Int32] = [0, 0]
    let result = pipe(&fds)
    precondition(result == 0, "pipe failed: errno \(errno)")
    return (fds[0], fds[1])
}

/// The frames of `values` as `Spec/STREAMS.md` lays them out, built by hand.
private func frames<T: Encodable>(_ values: [T], encoder: ArchiveEncoder = ArchiveEncoder()) throws -> (bytes: [UInt8], boundaries: [Int]) {
    var bytes: [UInt8] = []
    var boundaries = [0]
    for value in values {
        let payload = try encoder.encode(value)
        withUnsafeBytes(of: UInt32(payload.count).littleEndian) { bytes.append(contentsOf: $0) }
        bytes.append(contentsOf: payload)
        boundaries.append(bytes.count)
    }
    return (bytes, boundaries)
}

/// Writes `bytes` to `fd` whole (looping over partial writes).
private func writeRaw(_ fd: Int32, _ bytes: ArraySlice<UInt8>) {
    bytes.withUnsafeBytes { buffer in
        var done = 0
        while done < buffer.count {
            let n = write(fd, buffer.baseAddress! + done, buffer.count - done)
            if n < 0 && errno == EINTR { continue }
            precondition(n > 0, "write failed: errno \(errno)")
            done += n
        }
    }
}

/// A pipe whose write end received `bytes` and was closed; the caller closes the read end.
/// `bytes` must fit the pipe's buffer (64 KiB on Linux).
private func pipeHolding(_ bytes: ArraySlice<UInt8>) -> Int32 {
    let (r, w) = makePipe()
    writeRaw(w, bytes)
    close(w)
    return r
}

/// An error (or nothing) handed from a helper thread to the test.
/// `@unchecked Sendable`: its one mutable field is only touched under `lock`.
private final class ThreadOutcome: @unchecked Sendable {
    private let lock = NSLock()
    private var error: (any Error)?
    private let done = DispatchSemaphore(value: 0)

    /// Runs `body` on a new thread; its error, if any, is kept for `wait()`.
    init(_ body: @escaping @Sendable () throws -> Void) {
        Thread.detachNewThread { [self] in
            do { try body() } catch { lock.withLock { self.error = error } }
            done.signal()
        }
    }

    /// Waits (at most `seconds`) for the thread, and rethrows its error.
    func wait(seconds: Double = 60) throws {
        guard done.wait(timeout: .now() + seconds) == .success else {
            throw ArchiveStreamError(.io, at: nil, "helper thread did not finish in \(seconds) s")
        }
        if let error = lock.withLock({ error }) { throw error }
    }
}

/// A temporary file path, removed by the caller.
private func temporaryPath(_ name: String) -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("StreamTests-\(name)-\(UUID().uuidString)").path
}

/// The size of the file at `path`.
private func fileSize(_ path: String) throws -> Int {
    var info = stat()
    guard stat(path, &info) == 0 else { throw ArchiveStreamError(.io, at: nil, errorNumber: errno, "stat \(path) failed") }
    return Int(info.st_size)
}

@Suite struct StreamTests {
    // MARK: Round trip through a pipe

    @Test func pipeRoundTripSyncReader() throws {
        let count = 3000
        let (r, w) = makePipe()
        defer { close(r) }
        let writer = ThreadOutcome {
            defer { close(w) }
            let stream = ArchiveStreamWriter(fileDescriptor: w)
            for i in 0..<count { try stream.write(PeerMessage.numbered(i, size: smallSize(i))) }
        }
        var reader = ArchiveStreamReader(fileDescriptor: r)
        var received = 0
        while let value = try reader.next(PeerMessage.self) {
            #expect(value == PeerMessage.numbered(received, size: smallSize(received)))
            received += 1
        }
        try writer.wait()
        #expect(received == count)
        #expect(try reader.next(PeerMessage.self) == nil, "the end stays clean")
        #expect(reader.offset > 0)
    }

    @Test func pipeRoundTripAsyncReader() async throws {
        let count = 2000
        let (r, w) = makePipe()
        defer { close(r) }
        let writer = ThreadOutcome {
            defer { close(w) }
            var encoder = ArchiveEncoder()
            encoder.compression = .zlib
            let stream = ArchiveStreamWriter(fileDescriptor: w, encoder: encoder)
            for i in 0..<count { try stream.write(PeerMessage.numbered(i, size: smallSize(i))) }
        }
        var received = 0
        for try await value in ArchiveStreamReader(fileDescriptor: r).values(of: PeerMessage.self) {
            #expect(value == PeerMessage.numbered(received, size: smallSize(received)))
            received += 1
        }
        try writer.wait()
        #expect(received == count)
    }

    @Test func asyncReaderThrowsTruncatedFrameThenEnds() async throws {
        let (bytes, _) = try frames([record(1), record(2)])
        let r = pipeHolding(bytes.dropLast(3))
        defer { close(r) }
        var iterator = ArchiveStreamReader(fileDescriptor: r).values(of: Record.self).makeAsyncIterator()
        #expect(try await iterator.next() == record(1))
        await #expect(throws: ArchiveStreamError.self) { _ = try await iterator.next() }
        #expect(try await iterator.next() == nil)
    }

    @Test func writerProducesTheSpecifiedFrames() throws {
        let values = (0..<5).map(record)
        let path = temporaryPath("frames")
        defer { unlink(path) }
        let writer = try ArchiveStreamWriter(appendingToFileAtPath: path)
        for value in values { try writer.write(value) }
        try writer.sync()
        try writer.close()
        let written = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(written == (try frames(values).bytes))
    }

    // MARK: Partial reads

    @Test func partialWritesInOddChunks() throws {
        let values = (0..<300).map { PeerMessage.numbered($0, size: $0 % 7 == 0 ? 5000 + $0 : smallSize($0)) }
        let (bytes, _) = try frames(values)
        for chunkSizes in [[1], [1, 2, 3, 5, 7, 11, 13, 4096, 3], [4, 1], [65_537, 17]] {
            let (r, w) = makePipe()
            defer { close(r) }
            let writer = ThreadOutcome {
                defer { close(w) }
                var at = 0, k = 0
                while at < bytes.count {
                    let end = min(bytes.count, at + chunkSizes[k % chunkSizes.count])
                    writeRaw(w, bytes[at..<end])
                    at = end
                    k += 1
                }
            }
            var reader = ArchiveStreamReader(fileDescriptor: r)
            var received: [PeerMessage] = []
            while let value = try reader.next(PeerMessage.self) { received.append(value) }
            try writer.wait()
            #expect(received == values, "chunk sizes \(chunkSizes)")
            #expect(reader.offset == bytes.count)
        }
    }

    // MARK: Limits and invalid frames

    @Test func headerOverTheMaximumThrowsBeforeReadingThePayload() throws {
        // Only a header: a reader that allocated and read the payload would report a truncated frame instead.
        for (length, maximum) in [(1001, 1000), (Int(UInt32.max), ArchiveStreamReader.defaultMaximumMessageSize)] {
            var header: [UInt8] = []
            withUnsafeBytes(of: UInt32(length).littleEndian) { header.append(contentsOf: $0) }
            let r = pipeHolding(header[...])
            defer { close(r) }
            var reader = ArchiveStreamReader(fileDescriptor: r, maximumMessageSize: maximum)
            #expect {
                _ = try reader.next(PeerMessage.self)
            } throws: { error in
                let stream = error as? ArchiveStreamError
                return stream?.kind == .messageTooLarge && stream?.offset == 0
            }
        }
    }

    @Test func messageAtTheMaximumIsAccepted() throws {
        let (bytes, boundaries) = try frames([PeerMessage.numbered(1, size: 100), PeerMessage.numbered(2, size: 100)])
        let r = pipeHolding(bytes[...])
        defer { close(r) }
        var reader = ArchiveStreamReader(fileDescriptor: r, maximumMessageSize: boundaries[1] - 4)
        #expect(try reader.next(PeerMessage.self) == PeerMessage.numbered(1, size: 100))
        #expect(try reader.next(PeerMessage.self) == PeerMessage.numbered(2, size: 100))
        #expect(try reader.next(PeerMessage.self) == nil)
    }

    @Test func zeroLengthFrameThrows() throws {
        var (bytes, boundaries) = try frames([record(1)])
        bytes += [0, 0, 0, 0]
        bytes += try frames([record(2)]).bytes
        let r = pipeHolding(bytes[...])
        defer { close(r) }
        var reader = ArchiveStreamReader(fileDescriptor: r)
        #expect(try reader.next(Record.self) == record(1))
        #expect {
            _ = try reader.next(Record.self)
        } throws: { error in
            let stream = error as? ArchiveStreamError
            return stream?.kind == .emptyFrame && stream?.offset == boundaries[1]
        }
        #expect(throws: ArchiveStreamError.self) { try ArchiveStreamWriter(fileDescriptor: -1).writeFrame(Data()) }
    }

    @Test func payloadThatIsNotAnArchiveThrowsDecodingErrorAndTheStreamGoesOn() throws {
        var bytes: [UInt8] = [3, 0, 0, 0, 1, 2, 3]
        bytes += try frames([record(7)]).bytes
        let r = pipeHolding(bytes[...])
        defer { close(r) }
        var reader = ArchiveStreamReader(fileDescriptor: r)
        #expect(throws: DecodingError.self) { _ = try reader.next(Record.self) }
        #expect(try reader.next(Record.self) == record(7))
        #expect(try reader.next(Record.self) == nil)
    }

    // MARK: Truncated last frame

    @Test func truncatedLastFrameAtEveryOffset() throws {
        let values = [PeerMessage.numbered(0, size: 10), PeerMessage.numbered(1, size: 0), PeerMessage.numbered(2, size: 60)]
        let (bytes, boundaries) = try frames(values)
        let lastStart = boundaries[2], end = boundaries[3]
        for cut in lastStart...end {
            let r = pipeHolding(bytes[..<cut])
            defer { close(r) }
            var reader = ArchiveStreamReader(fileDescriptor: r)
            #expect(try reader.next(PeerMessage.self) == values[0])
            #expect(try reader.next(PeerMessage.self) == values[1])
            if cut == lastStart {
                #expect(try reader.next(PeerMessage.self) == nil, "cut at the boundary \(cut) is a clean end")
            } else if cut == end {
                #expect(try reader.next(PeerMessage.self) == values[2])
                #expect(try reader.next(PeerMessage.self) == nil)
            } else {
                let into = cut - lastStart
                let missing = into < 4 ? 4 - into : end - cut
                #expect {
                    _ = try reader.next(PeerMessage.self)
                } throws: { error in
                    guard let stream = error as? ArchiveStreamError else { return false }
                    return stream.kind == .truncatedFrame && stream.offset == lastStart
                        && stream.missingByteCount == missing
                        && stream.description.contains("truncated last frame")
                }
            }
        }
    }

    // MARK: Persistent log

    @Test func logTornTailAtEveryOffsetOfTheLastRecord() throws {
        let path = temporaryPath("log")
        defer { unlink(path) }
        var encoder = ArchiveEncoder()
        encoder.checksum = .crc32
        let count = 20
        for i in 0..<(count - 1) {
            // Reopened for each record, as an application appending across runs would.
            let log = try ArchiveStreamWriter(appendingToFileAtPath: path, encoder: encoder)
            try log.write(record(i))
            try log.close()
        }
        let lastStart = try fileSize(path)
        let log = try ArchiveStreamWriter(appendingToFileAtPath: path, encoder: encoder)
        try log.write(record(count - 1))
        try log.sync()
        try log.close()
        let end = try fileSize(path)
        let all = (0..<count).map(record)

        // A crash mid-append leaves any prefix of the last record: cut at every offset, longest first.
        for cut in stride(from: end, through: lastStart, by: -1) {
            #expect(truncate(path, off_t(cut)) == 0)
            #expect(try fileSize(path) == cut)
            let (records, tornTail) = try ArchiveStreamReader.readAll(Record.self, fromFileAtPath: path)
            if cut == end {
                #expect(records == all)
                #expect(tornTail == nil)
            } else if cut == lastStart {
                #expect(records == Array(all.dropLast()))
                #expect(tornTail == nil)
            } else {
                #expect(records == Array(all.dropLast()), "cut \(cut)")
                #expect(tornTail?.kind == .truncatedFrame)
                #expect(tornTail?.offset == lastStart, "cut \(cut)")
            }
        }

        // Repair: tear the last record again, truncate the log at the reported offset, append again.
        let again = try ArchiveStreamWriter(appendingToFileAtPath: path, encoder: encoder)
        try again.write(record(count - 1))
        try again.close()
        #expect(truncate(path, off_t(lastStart + 5)) == 0)
        let torn = try ArchiveStreamReader.readAll(Record.self, fromFileAtPath: path).tornTail
        let tornOffset = try #require(torn?.offset)
        #expect(truncate(path, off_t(tornOffset)) == 0)
        let reopened = try ArchiveStreamWriter(appendingToFileAtPath: path, encoder: encoder)
        try reopened.write(record(100))
        try reopened.close()
        let repaired = try ArchiveStreamReader.readAll(Record.self, fromFileAtPath: path)
        #expect(repaired.records == Array(all.dropLast()) + [record(100)])
        #expect(repaired.tornTail == nil)
    }

    // MARK: Two processes

    @Test func tenThousandMessagesEachWayWithAChildProcess() throws {
        let executable = try #require(peerExecutable(), "ArchiveStreamPeer was not built")
        signal(SIGPIPE, SIG_IGN)   // a dead child must fail the test, not kill the runner
        let count = 10_000
        // Mostly 0…300 bytes; every 2000th (from 999) 1…4 MB.
        let size: @Sendable (Int) -> Int = { i in
            i % 2000 == 999 ? (1 << 20) + (i &* 7919) % (3 << 20) : smallSize(i)
        }
        let process = Process()
        process.executableURL = executable
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        let clock = ContinuousClock()
        let started = clock.now
        try process.run()

        let toChild = input.fileHandleForWriting
        let sender = ThreadOutcome {
            defer { try? toChild.close() }
            let stream = ArchiveStreamWriter(fileDescriptor: toChild.fileDescriptor)
            for i in 0..<count { try stream.write(PeerMessage.numbered(i, size: size(i))) }
        }
        var reader = ArchiveStreamReader(fileDescriptor: output.fileHandleForReading.fileDescriptor)
        var received = 0, bytesBack = 0, mismatches = 0
        do {
            while let answer = try reader.next(PeerMessage.self) {
                if answer != PeerMessage.numbered(received, size: size(received)).echoed { mismatches += 1 }
                bytesBack += answer.payload.count
                received += 1
            }
        } catch {
            process.terminate()
            throw error
        }
        try sender.wait()
        process.waitUntilExit()
        let elapsed = clock.now - started
        let childLog = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 0, "child: \(childLog)")
        #expect(received == count)
        #expect(mismatches == 0)
        #expect(reader.offset > bytesBack)
        print("StreamTests: \(count) messages each way, \(bytesBack) payload bytes back, \(reader.offset) stream bytes, in \(elapsed)")
    }
}

// The samples of KeyedArchive.docc/ExchangingArchivesBetweenProcesses.md, verbatim and in
// order, with the descriptors they assume (a socket pair, a pipe, a log path) set up between
// them, and checks of what the article says.
import Foundation
import KeyedArchive
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("DocC: Exchanging Archives Between Processes")
struct StreamSamples {
    @Test func exchangingArchives() async throws {
        struct Job: Codable, Equatable, Sendable {
            var id: Int
            var command: String
            var arguments: [String]
        }

        func send(_ jobs: [Job], to fileDescriptor: Int32) throws {
            let writer = ArchiveStreamWriter(fileDescriptor: fileDescriptor)
            for job in jobs {
                try writer.write(job)
            }
        }

        func receive(from fileDescriptor: Int32) throws -> [Job] {
            var reader = ArchiveStreamReader(fileDescriptor: fileDescriptor)
            var jobs: [Job] = []
            while let job = try reader.next(Job.self) {  // nil: the stream ended cleanly
                jobs.append(job)
            }
            return jobs
        }

        let jobs = [
            Job(id: 1, command: "resize", arguments: ["photo.png", "512"]),
            Job(id: 2, command: "compress", arguments: ["photo.png"]),
        ]

        let worker = Process()
        worker.executableURL = URL(fileURLWithPath: "/bin/cat")
        let toWorker = Pipe()
        let fromWorker = Pipe()
        worker.standardInput = toWorker
        worker.standardOutput = fromWorker
        try worker.run()

        try send(jobs, to: toWorker.fileHandleForWriting.fileDescriptor)
        try toWorker.fileHandleForWriting.close()        // the worker sees a clean end of stream
        let echoed = try receive(from: fromWorker.fileHandleForReading.fileDescriptor)
        worker.waitUntilExit()
        // echoed == jobs

        #expect(echoed == jobs)
        #expect(worker.terminationStatus == 0)

        let (connection, peer) = try connectedSockets()
        defer {
            close(connection)
            close(peer)
        }

        let client = ArchiveStreamWriter(fileDescriptor: connection)
        try client.write(Job(id: 7, command: "ping", arguments: []))

        var server = ArchiveStreamReader(fileDescriptor: peer)
        if let request = try server.next(Job.self) {
            let response = ArchiveStreamWriter(fileDescriptor: peer)
            try response.write(Job(id: request.id, command: "pong", arguments: []))
        }

        var replies = ArchiveStreamReader(fileDescriptor: connection)
        let reply = try replies.next(Job.self)
        // reply?.command == "pong"

        #expect(reply == Job(id: 7, command: "pong", arguments: []))

        let (incoming, outgoing) = try pipeEnds()
        try send(jobs, to: outgoing)
        close(outgoing)
        defer { close(incoming) }

        var received: [Job] = []
        for try await job in ArchiveStreamReader(fileDescriptor: incoming).values(of: Job.self) {
            received.append(job)
        }

        #expect(received == jobs)

        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let logPath = scratch.url.appendingPathComponent("jobs.log").path

        var encoder = ArchiveEncoder()
        encoder.checksum = .crc32
        let log = try ArchiveStreamWriter(appendingToFileAtPath: logPath, encoder: encoder)
        for job in jobs {
            try log.write(job)
        }
        try log.sync()
        try log.close()

        let (records, tornTail) = try ArchiveStreamReader.readAll(Job.self, fromFileAtPath: logPath)
        if let tornTail {
            // `offset` is nil only where `Int` cannot hold it: then leave the log as it is.
            guard let offset = tornTail.offset else { throw tornTail }
            truncate(logPath, off_t(offset))             // drop the torn record
        }
        // records == jobs, tornTail == nil: the log ended cleanly

        #expect(records == jobs)
        #expect(tornTail == nil)
    }

    /// The article's repair step on a log that really is torn: the records before the tear
    /// survive, and truncating to the error's offset makes the log whole again.
    @Test func manySmallMessages() throws {
        struct Job: Codable, Equatable, Sendable {
            var id: Int
            var command: String
            var arguments: [String]
        }
        let jobs = (0..<20).map { Job(id: $0, command: "resize", arguments: ["photo\($0).png"]) }

        let encoder = ArchiveEncoder()
        var buffer: [UInt8] = []
        var received: [Job] = []
        for job in jobs {
            buffer.removeAll(keepingCapacity: true)      // one buffer for every message
            try encoder.encode(job, into: &buffer)
            received.append(try buffer.withUnsafeBytes { try ArchiveDecoder().decode(Job.self, from: $0) })
        }
        // received == jobs
        let sizes = try jobs.map { job in try encoder.withArchive(of: job) { bytes in bytes.count } }

        #expect(received == jobs)
        #expect(sizes == (try jobs.map { try encoder.encode($0).count }))
        // The buffer holds the last message's archive, as `encode(_:)` writes it.
        #expect(Data(buffer) == (try encoder.encode(jobs.last!)))
    }

    @Test func tornLogIsRepairedAtTheReportedOffset() throws {
        struct Job: Codable, Equatable, Sendable {
            var id: Int
        }
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let logPath = scratch.url.appendingPathComponent("jobs.log").path
        let log = try ArchiveStreamWriter(appendingToFileAtPath: logPath)
        try log.write(Job(id: 1))
        try log.write(Job(id: 2))
        try log.close()
        let size = try #require(FileManager.default.attributesOfItem(atPath: logPath)[.size] as? Int)
        #expect(truncate(logPath, off_t(size - 1)) == 0)   // a crash one byte before the end

        let (records, tornTail) = try ArchiveStreamReader.readAll(Job.self, fromFileAtPath: logPath)
        if let tornTail {
            // `offset` is nil only where `Int` cannot hold it: then leave the log as it is.
            guard let offset = tornTail.offset else { throw tornTail }
            truncate(logPath, off_t(offset))             // drop the torn record
        }

        #expect(records == [Job(id: 1)])
        #expect(tornTail?.kind == .truncatedFrame)
        let repaired = try ArchiveStreamReader.readAll(Job.self, fromFileAtPath: logPath)
        #expect(repaired.records == [Job(id: 1)])
        #expect(repaired.tornTail == nil)
    }
}

// The Swift samples of README.md, verbatim (the Package.swift snippet is checked by
// PackageSnippetTests), each followed by checks of what the README says about it.
import Foundation
import KeyedArchive
import Testing

@Suite("README")
struct ReadmeSamples {
    @Test func quickStartFilesAndStreams() throws {
        struct Settings: Codable, Equatable {
            var theme: String
            var fontSize: Int
            var recentFiles: [URL]
        }

        var encoder = ArchiveEncoder()
        encoder.compression = .zlib                 // optional; the decoder detects it
        let data = try encoder.encode(Settings(theme: "dark", fontSize: 14, recentFiles: []))

        let settings = try ArchiveDecoder().decode(Settings.self, from: data)

        #expect(settings == Settings(theme: "dark", fontSize: 14, recentFiles: []))
        #expect(data[5] & 1 == 1)                   // the header's zlib flag

        let settingsURL = FileManager.default.temporaryDirectory.appendingPathComponent("settings.karchive")
        try ArchiveEncoder().write(settings, to: settingsURL)     // temp file, fsync, rename, fsync dir
        let saved = try ArchiveDecoder().read(Settings.self, from: settingsURL)

        #expect(saved == settings)
        try? FileManager.default.removeItem(at: settingsURL)

        struct Message: Codable, Sendable {
            var id: Int
            var text: String
        }

        let channel = Pipe()                        // or a socket, or a child process's stdin/stdout
        let writer = ArchiveStreamWriter(fileDescriptor: channel.fileHandleForWriting.fileDescriptor)
        try writer.write(Message(id: 1, text: "hello"))
        try channel.fileHandleForWriting.close()    // the reader sees a clean end

        var received: [Message] = []
        var reader = ArchiveStreamReader(fileDescriptor: channel.fileHandleForReading.fileDescriptor)
        while let message = try reader.next(Message.self) { received.append(message) }   // nil: clean end

        #expect(received.map(\.text) == ["hello"])
    }

    @Test func streamsFromAsyncCode() async throws {
        struct Message: Codable, Sendable {
            var id: Int
            var text: String
        }
        let channel = Pipe()
        let writer = ArchiveStreamWriter(fileDescriptor: channel.fileHandleForWriting.fileDescriptor)
        for id in 1...3 { try writer.write(Message(id: id, text: "message \(id)")) }
        try channel.fileHandleForWriting.close()
        var received: [Message] = []
        let reader = ArchiveStreamReader(fileDescriptor: channel.fileHandleForReading.fileDescriptor)

        for try await message in reader.values(of: Message.self) { received.append(message) }

        #expect(received.map(\.id) == [1, 2, 3])
    }
}

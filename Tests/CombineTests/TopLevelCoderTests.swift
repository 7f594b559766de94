// `publisher.encode(encoder:)` and `publisher.decode(type:decoder:)` with the archive coders.
//
// On Apple platforms this runs against Combine and the library's own conformances
// (Sources/KeyedArchive/ArchiveCombine.swift). Combine does not exist on Linux, so that file
// compiles to nothing there; instead the same declarations are made below against
// OpenCombine's copies of Combine's protocols (the same requirements), and a test checks that
// they are, line for line, the library's. That verifies the coders' methods satisfy the
// protocols as written — not that an Apple toolchain compiles the library's file.
import Foundation
import KeyedArchive
import Testing
#if canImport(Combine)
import Combine
#elseif canImport(OpenCombine)
import OpenCombine

extension ArchiveEncoder: TopLevelEncoder {
    public typealias Output = Data
}

extension ArchiveDecoder: TopLevelDecoder {
    public typealias Input = Data
}
#endif

@Suite("Combine: TopLevelEncoder and TopLevelDecoder")
struct TopLevelCoderTests {
    struct Settings: Codable, Equatable {
        var theme: String
        var fontSize: Int
    }

    @Test func aPublisherEncodesAndDecodesArchives() {
        var received: [Settings] = []
        var failure: (any Error)?
        let subscription = Just(Settings(theme: "dark", fontSize: 14))
            .encode(encoder: ArchiveEncoder())
            .decode(type: Settings.self, decoder: ArchiveDecoder())
            .sink(receiveCompletion: { completion in
                if case .failure(let error) = completion { failure = error }
            }, receiveValue: { received.append($0) })
        subscription.cancel()

        #expect(received == [Settings(theme: "dark", fontSize: 14)])
        #expect(failure == nil)
    }

    @Test func aCorruptedArchiveFailsThePublisherWithTheDecodingError() {
        var failure: (any Error)?
        let subscription = Just(Data("KARC not really".utf8))
            .decode(type: Settings.self, decoder: ArchiveDecoder())
            .sink(receiveCompletion: { completion in
                if case .failure(let error) = completion { failure = error }
            }, receiveValue: { _ in })
        subscription.cancel()

        guard case DecodingError.dataCorrupted(let context)? = failure else {
            Issue.record("expected dataCorrupted, got \(String(describing: failure))")
            return
        }
        #expect(context.underlyingError is ArchiveFormatError)
    }

    /// On Linux the conformances above stand in for the library's: they must be the same
    /// declarations.
    @Test func theConformancesAreTheLibrarysOwn() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let library = try String(contentsOf: root.appendingPathComponent("Sources/KeyedArchive/ArchiveCombine.swift"), encoding: .utf8)
        let tests = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        #expect(declarations(in: library).count == 6)
        #expect(declarations(in: tests) == declarations(in: library))
    }

    /// The conformance lines of a file: the extensions, their typealiases and closing braces,
    /// up to the first `@Suite`.
    private func declarations(in source: String) -> [String] {
        let head = source.components(separatedBy: "@Suite").first ?? ""
        return head.split(separator: "\n")
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { $0.hasPrefix("extension ") || $0.hasPrefix("public typealias ") || $0 == "}" }
    }
}

import Foundation
import Testing
@testable import KeyedArchive
import KeyedArchiveSamples

/// The writer protocol (`Direct/ArchiveWriter.swift`): generated code is generic over it, and
/// each writer must pick the overload the call names. An `Optional` that is `nil` is no entry,
/// through either writer; the message writer writes the value without giving it up.
@Suite struct ArchiveWriterTests {
    @Test func nilOptionalsAreNoEntryThroughEitherWriter() throws {
        var generator = SampleGenerator(seed: 47)
        var codable = ArchiveEncoder()
        codable.usesGeneratedCode = false
        var general = ArchiveEncoder()
        general.writesMessages = false
        for round in 0..<200 {
            // All nil, all set, then at random.
            var value = round == 0 ? EveryOptional() : EveryOptional.random(&generator)
            if round == 1 { value = EveryOptional.random(&generator); value.list = []; value.date = Date.distantPast }
            let expected = try codable.encode(value)
            #expect(try general.encode(value) == expected)
            let message = ArchiveEncoder().messageArchive(of: value)
            #expect(message == expected, "the message writer gave up, or wrote other bytes")
            #expect(try ArchiveDecoder().decode(EveryOptional.self, from: expected) == value)
        }
    }
}

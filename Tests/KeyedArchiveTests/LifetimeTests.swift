import Foundation
import Testing
@testable import KeyedArchive

/// Nothing an `encode` or `decode` call creates outlives what still uses it: no reference
/// cycles, even when a container is kept and used after the call returned, or the call threw.
@Suite struct LifetimeTests {
    private struct Inner: Codable, Equatable { var n = 7 }
    private struct Outer: Codable { var inner = Inner(); var list = [Inner(), Inner()] }
    private enum Keys: String, CodingKey { case inner, list }

    /// Keeps its keyed container and the decoding state it belongs to (weakly, for the test).
    private final class Keeper: Decodable {
        let container: KeyedDecodingContainer<Keys>
        weak var state: DecodingState?
        init(from decoder: any Decoder) throws {
            state = (decoder as? DecoderImpl)?.state
            container = try decoder.container(keyedBy: Keys.self)
        }
    }

    @Test func decodingStateIsFreedAfterAKeptContainerDecodesMore() throws {
        let data = try ArchiveEncoder().encode(Outer())
        weak var state: DecodingState?
        do {
            let keeper = try ArchiveDecoder().decode(Keeper.self, from: data)
            state = keeper.state
            #expect(state != nil)
            // Used after `decode` returned: nested values need decoders of their own.
            #expect(try keeper.container.decode(Inner.self, forKey: .inner) == Inner())
            #expect(try keeper.container.decode([Inner].self, forKey: .list).count == 2)
        }
        #expect(state == nil, "the decoding state outlived every container that used it")
    }

    /// A container kept past `decode` reads the archive after the caller's bytes are gone: the
    /// state keeps a compressed archive's inflated bytes (`OwnedBytes`) or copies a plain one.
    @Test(arguments: [ArchiveCompression.none, .zlib])
    func aKeptContainerReadsItsArchiveAfterTheInputIsGone(compression: ArchiveCompression) throws {
        var encoder = ArchiveEncoder()
        encoder.compression = compression
        var outer = Outer()
        outer.list = (0..<500).map { Inner(n: $0) }
        var bytes: [UInt8]? = [UInt8](try encoder.encode(outer))
        #expect(compression == .none || bytes![5] & 0x01 != 0)
        let keeper = try bytes!.withUnsafeBytes { try ArchiveDecoder().decode(Keeper.self, from: $0) }
        // The caller's buffer is overwritten and freed before the container reads on.
        for index in bytes!.indices { bytes![index] = 0xFF }
        bytes = nil
        #expect(try keeper.container.decode(Inner.self, forKey: .inner) == Inner())
        #expect(try keeper.container.decode([Inner].self, forKey: .list) == outer.list)
    }

    /// Keeps the encoder and its state (weakly) and writes through it later.
    private final class Capture: @unchecked Sendable {
        var encoder: (any Encoder)?
        weak var state: EncodingState?
    }

    private struct Captures: Encodable {
        let capture: Capture
        func encode(to encoder: any Encoder) throws {
            capture.encoder = encoder
            capture.state = (encoder as? EncoderImpl)?.state
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(Inner(), forKey: .inner)
        }
    }

    @Test func encodingStateIsFreedAfterAnEncoderIsUsedLate() throws {
        weak var state: EncodingState?
        do {
            let capture = Capture()
            _ = try ArchiveEncoder().encode(Captures(capture: capture))
            state = capture.state
            #expect(state != nil)
            // Written to after `encode` returned: legal, and it must not tie the state up.
            var late = try #require(capture.encoder).container(keyedBy: Keys.self)
            try late.encode([Inner()], forKey: .list)
            capture.encoder = nil
        }
        #expect(state == nil, "the encoding state outlived the encoder")
    }

    private struct Throws: Encodable {
        let capture: Capture
        func encode(to encoder: any Encoder) throws {
            capture.state = (encoder as? EncoderImpl)?.state
            var container = encoder.container(keyedBy: Keys.self)
            _ = container.superEncoder(forKey: .inner)   // a slot left pending when we throw
            throw EncodingError.invalidValue(0, .init(codingPath: [], debugDescription: "on purpose"))
        }
    }

    @Test func encodingStateIsFreedWhenEncodeThrows() {
        // A state that nothing else holds stays as its thread's spare until the thread exits:
        // on a thread of its own, the call's state must be gone once that thread is.
        let capture = Capture()
        runOnExitingThread {
            #expect(throws: EncodingError.self) { try ArchiveEncoder().encode(Throws(capture: capture)) }
            #expect(capture.state != nil)
        }
        #expect(capture.state == nil, "the encoding state leaked after encode threw")
    }

    /// A state given back to its thread holds nothing of the call it served: not the value's
    /// encoders, its user info, or the instances it met.
    @Test func aSpareStateHoldsNothingOfTheLastCall() throws {
        final class Tracked: Codable { var n = 1 }
        final class Flag: Sendable {}
        weak var instance: Tracked?
        weak var info: Flag?
        let capture = Capture()
        do {
            let tracked = Tracked()
            let flag = Flag()
            instance = tracked
            info = flag
            var encoder = ArchiveEncoder()
            encoder.preservesObjectIdentity = true
            encoder.userInfo[CodingUserInfoKey(rawValue: "flag")!] = flag
            _ = try encoder.encode([tracked, tracked])
            #expect(throws: EncodingError.self) { try encoder.encode(Throws(capture: capture)) }
        }
        #expect(instance == nil, "a spare state kept an instance of the last archive")
        #expect(info == nil, "a spare state kept the last call's user info")
        #expect(capture.state != nil, "the call's state is this thread's spare")
    }
}

import Foundation
import Testing
import KeyedArchive

// Closure-driven `Encodable` / `Decodable` probes, for encode(to:) and init(from:) bodies written
// inline in a test.

/// An `Encodable` whose `encode(to:)` is the closure it was made with.
struct Probe: Encodable {
    let body: (any Encoder) throws -> Void
    init(_ body: @escaping (any Encoder) throws -> Void) { self.body = body }
    func encode(to encoder: any Encoder) throws { try body(encoder) }
}

/// Carries a `DecodeProbe` body through the decoder's `userInfo`.
final class DecodeProbeBox: @unchecked Sendable {
    let body: (any Decoder) throws -> Void
    init(_ body: @escaping (any Decoder) throws -> Void) { self.body = body }
}

/// The `userInfo` key under which `probeDecode` stores its `DecodeProbeBox`.
let decodeProbeKey = CodingUserInfoKey(rawValue: "keyedarchive.tests.probe")!

/// A `Decodable` whose `init(from:)` runs the body stored under `decodeProbeKey`.
struct DecodeProbe: Decodable {
    init(from decoder: any Decoder) throws {
        try (decoder.userInfo[decodeProbeKey] as! DecodeProbeBox).body(decoder)
    }
}

/// Decodes `data` running `body` as the top-level `init(from:)`; an error is recorded as an issue.
func probeDecode(_ data: Data, sourceLocation: SourceLocation = #_sourceLocation, _ body: @escaping (any Decoder) throws -> Void) {
    do {
        try probeDecodeThrowing(data, body)
    } catch {
        Issue.record("unexpected error: \(error)", sourceLocation: sourceLocation)
    }
}

/// Decodes `data` running `body` as the top-level `init(from:)`; an error is thrown to the caller.
func probeDecodeThrowing(_ data: Data, _ body: @escaping (any Decoder) throws -> Void) throws {
    var decoder = ArchiveDecoder()
    decoder.userInfo[decodeProbeKey] = DecodeProbeBox(body)
    _ = try decoder.decode(DecodeProbe.self, from: data)
}

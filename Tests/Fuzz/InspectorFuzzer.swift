// libFuzzer entry for InspectedArchive, the checked walk `karchive` reads archives with. Built
// by run.sh like DecoderFuzzer.swift.
//
// Every input is opened as an archive and walked to the end with a visitor that reads every
// value it is given (packed elements and key-table entries included). Errors are the expected
// outcome for most inputs; a crash, a sanitizer report, a hang or unbounded memory is a finding.
// The walk must also agree with the decoder: an archive the walk accepts is one that
// `ArchiveDecoder` reads to the last value without a format error (a type mismatch or an
// unparsable URL may happen: those are not format errors).
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Touches everything the walk reports, so that a bad range or offset reaches the sanitizer.
private struct TouchEverything: ArchiveVisitor {
    let archive: InspectedArchive
    var checksum = 0

    mutating func visitScalar(_ value: ArchiveScalar, at range: Range<Int>, depth: Int) {
        checksum &+= archive.plain[range].reduce(0) { $0 &+ Int($1) }
        switch value {
        case .string(let s), .url(let s): checksum &+= s.utf8.count
        case .bytes(let bytes): checksum &+= archive.plain[bytes].count
        case .packed(let kind, let count, let elements):
            precondition(elements.count == count * kind.width)
            checksum &+= archive.packedElements(kind, elements).count
        default: break
        }
    }

    mutating func visitKey(_ key: ArchiveKey, at range: Range<Int>, depth: Int) {
        checksum &+= archive.plain[range].count
    }

    mutating func beginContainer(_ container: ArchiveContainer, depth: Int) {
        checksum &+= archive.plain[container.range].count
    }
}

/// Reads every value of any archive through the `Decoder` API: keyed containers by `allKeys`,
/// unkeyed containers (packed arrays and bytes included) to their end, scalars as whatever
/// native type they hold.
private struct EveryValue: Decodable {
    struct AnyKey: CodingKey {
        let stringValue: String
        let intValue: Int?
        init(stringValue: String) { self.stringValue = stringValue; intValue = nil }
        init(intValue: Int) { self.stringValue = String(intValue); self.intValue = intValue }
    }

    init(from decoder: any Decoder) throws {
        if let keyed = try? decoder.container(keyedBy: AnyKey.self) {
            for key in keyed.allKeys { _ = try keyed.decode(EveryValue.self, forKey: key) }
        } else if var unkeyed = try? decoder.unkeyedContainer() {
            while !unkeyed.isAtEnd { _ = try unkeyed.decode(EveryValue.self) }
        } else {
            let single = try decoder.singleValueContainer()
            if single.decodeNil() { return }
            if (try? single.decode(Bool.self)) != nil || (try? single.decode(Int128.self)) != nil
                || (try? single.decode(UInt128.self)) != nil || (try? single.decode(Double.self)) != nil
                || (try? single.decode(Date.self)) != nil || (try? single.decode(UUID.self)) != nil
                || (try? single.decode(URL.self)) != nil { return }
            _ = try single.decode(String.self)
        }
    }
}

/// This target's `LLVMFuzzerTestOneInput` (FuzzEntry.swift calls it).
public func fuzzInspector(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = [UInt8](UnsafeBufferPointer(start: data, count: size))
    readParts(of: bytes)
    guard let archive = try? InspectedArchive(bytes) else { return 0 }
    _ = archive.keyTableEntries
    var visitor = TouchEverything(archive: archive)
    guard (try? archive.walk(&visitor)) != nil else { return 0 }
    // Scalars are read through a Decoder of their own, one level deeper than the walk's depth
    // limit counts (spec §12.1): give the decoder that level.
    var decoder = ArchiveDecoder()
    decoder.limits.maximumDepth = archive.limits.maximumDepth + 1
    do {
        _ = try decoder.decode(EveryValue.self, from: bytes)
    } catch {
        // One format error is a lookup's, not the archive's (spec §8.3): a key that matches two
        // entries (two spellings of one string, valid since identity is by bytes), which a walk,
        // knowing no key type, cannot see.
        if case DecodingError.dataCorrupted(let context) = error, let format = context.underlyingError as? ArchiveFormatError,
           !(format.kind == .malformed && format.reason.hasPrefix("two entries match the key")) {
            fatalError("the walk accepts an archive the decoder rejects: \(error)")
        }
    }
    return 0
}

/// Partial reads (`ArchiveDecoder.decode(_:at:from:)` and the rest) on every input, valid or
/// not, at paths found as it goes: from the root, each round reads the value, one field of each
/// element and whether the path leads anywhere, then steps into a key or an element that
/// `keys` or `count` reported (which one, the input's size picks). Each call must return or
/// throw a `DecodingError`; anything else is a finding.
private func readParts(of bytes: [UInt8]) {
    var decoder = ArchiveDecoder()
    decoder.verifiesChecksumInPartialReads = bytes.count % 2 == 0
    func read<T>(_ body: () throws -> T) -> T? {
        do { return try body() } catch is DecodingError { return nil } catch { fatalError("a partial read threw \(error)") }
    }
    var path = ArchivePath()
    for round in 0..<6 {
        _ = read { try decoder.decode(EveryValue?.self, at: path, from: bytes) }
        _ = read { try decoder.decode(Int?.self, at: [0], ofEachElementAt: path, from: bytes) }
        _ = read { try decoder.containsValue(at: path, in: bytes) }
        if let keys = read({ try decoder.keys(at: path, in: bytes) }), !keys.isEmpty {
            path = path.appending(keys[(bytes.count + round) % keys.count])
        } else if let count = read({ try decoder.count(at: path, in: bytes) }), count > 0 {
            path = path.appending(.index((bytes.count + round) % count))
        } else {
            return
        }
    }
}

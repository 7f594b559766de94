// Writes the encoded seed inputs (the fuzz target types' samples, plain, zlib and checksummed)
// into the folder given as the first argument. Built and run by `run.sh --seeds`.
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

@main
enum SeedGenerator {
    static func main() throws {
        let folder = URL(fileURLWithPath: CommandLine.arguments[1])
        let variants: [(String, ArchiveCompression, ArchiveChecksum)] = [
            ("plain", .none, .none), ("zlib", .zlib, .none), ("crc-zlib", .zlib, .crc32),
        ]
        for (suffix, compression, checksum) in variants {
            var encoder = ArchiveEncoder()
            encoder.compression = compression
            encoder.checksum = checksum
            let seeds: [(String, Data)] = [
                ("model", try encoder.encode(FuzzSamples.model)),
                ("nested", try encoder.encode(FuzzSamples.nested)),
                ("blobs", try encoder.encode(FuzzSamples.blobs)),
                ("tree", try encoder.encode(FuzzSamples.tree)),
                ("direct", try encoder.encode(FuzzSamples.direct)),
            ]
            var sharing = encoder
            sharing.preservesObjectIdentity = true
            try sharing.encode(FuzzSamples.graph).write(to: folder.appendingPathComponent("encoded-graph-\(suffix).bin"))
            for (name, data) in seeds {
                try data.write(to: folder.appendingPathComponent("encoded-\(name)-\(suffix).bin"))
            }
        }
    }
}

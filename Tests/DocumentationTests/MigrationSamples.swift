// The samples of KeyedArchive.docc/MigratingFromJSONEncoder.md, verbatim and in order, each
// followed by checks of what the article says about it: the differences from Foundation's
// coders are asserted against Foundation itself.
import Foundation
import KeyedArchive
import Testing

@Suite("DocC: Migrating from JSONEncoder and PropertyListEncoder")
struct MigrationSamples {
    @Test func migrating() throws {
        let encoder = ArchiveEncoder()                    // was: JSONEncoder()
        let decoder = ArchiveDecoder()                    // was: JSONDecoder()
        let data = try encoder.encode(["launches": 3])
        let counts = try decoder.decode([String: Int].self, from: data)
        // counts == ["launches": 3]

        #expect(counts == ["launches": 3])

        let readings = [1.5, -0.0, .infinity, .nan]
        let archived = try ArchiveDecoder().decode([Double].self, from: ArchiveEncoder().encode(readings))
        // archived[1].sign == .minus, archived[2] == .infinity, archived[3].isNaN
        let jsonRefuses = (try? JSONEncoder().encode(readings)) == nil
        // jsonRefuses == true: JSONEncoder throws on NaN by default

        #expect(archived.map(\.bitPattern) == readings.map(\.bitPattern))
        #expect(archived[1].sign == .minus)
        #expect(archived[2] == .infinity)
        #expect(archived[3].isNaN)
        #expect(jsonRefuses)

        let maybeMissing: Int?? = .some(nil)
        let viaJSON = try JSONDecoder().decode(Int??.self, from: JSONEncoder().encode(maybeMissing))
        let viaArchive = try ArchiveDecoder().decode(Int??.self, from: ArchiveEncoder().encode(maybeMissing))
        // viaJSON == .none, viaArchive == .some(.none)

        #expect(viaJSON == .none)
        #expect(viaArchive == .some(.none))

        struct Preferences: Codable, Equatable {
            var volume: Double
            var muted: Bool
        }

        func loadPreferences(from data: Data) throws -> Preferences {
            if data.starts(with: Array("KARC".utf8)) {
                return try ArchiveDecoder().decode(Preferences.self, from: data)
            }
            return try JSONDecoder().decode(Preferences.self, from: data)   // written by an older version
        }

        let legacy = try JSONEncoder().encode(Preferences(volume: 0.8, muted: false))
        let migrated = try loadPreferences(from: legacy)
        let current = try loadPreferences(from: ArchiveEncoder().encode(migrated))
        // current == migrated

        #expect(migrated == Preferences(volume: 0.8, muted: false))
        #expect(current == migrated)

        struct Catalog: Codable {
            var names: [String]
            var prices: [Double]
        }

        let catalog = Catalog(names: (0..<1_000).map { "item \($0)" },
                              prices: (0..<1_000).map { Double($0) * 1.25 })
        let plist = PropertyListEncoder()
        plist.outputFormat = .binary
        var zlib = ArchiveEncoder()
        zlib.compression = .zlib
        let sizes = [
            "JSON": try JSONEncoder().encode(catalog).count,
            "binary plist": try plist.encode(catalog).count,
            "archive": try ArchiveEncoder().encode(catalog).count,
            "archive + zlib": try zlib.encode(catalog).count,
        ]
        // On Linux with Swift 6.3: JSON 17,024 bytes, binary plist 25,970, archive 17,925, archive + zlib 4,127

        #expect(sizes["archive"] == 17_925)
        #expect(try #require(sizes["archive + zlib"]) * 4 < 17_024)
        #if os(Linux)
        #expect(sizes["JSON"] == 17_024)
        #expect(sizes["binary plist"] == 25_970)
        #endif
    }

    /// The table's claims about Foundation's coders that the samples above do not show:
    /// binary property lists store NaN, and `Data` is Base64 text in JSON but raw in archives.
    @Test func theComparisonTableHolds() throws {
        let plist = PropertyListEncoder()
        plist.outputFormat = .binary
        let nan = try PropertyListDecoder().decode([Double].self, from: plist.encode([Double.nan]))
        #expect(nan.first?.isNaN == true)
        let viaPlist = try PropertyListDecoder().decode([Int??].self, from: plist.encode([Int??.some(nil)]))
        #expect(viaPlist == [.none])

        let bytes = Data(repeating: 0xAB, count: 300)
        let json = try JSONEncoder().encode(bytes)
        let archive = try ArchiveEncoder().encode(bytes)
        #expect(json.count > 400)                     // Base64 with quotes
        #expect(archive.count <= 310)                 // the bytes and a few of framing

        let date = Date(timeIntervalSinceReferenceDate: 700_000_000.25)
        #expect(try ArchiveDecoder().decode(Date.self, from: ArchiveEncoder().encode(date)) == date)
        #expect(String(decoding: try JSONEncoder().encode(date), as: UTF8.self) == "700000000.25")
    }
}

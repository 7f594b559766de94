// The README's main job until the `karchive` tool exists: saves a sample app state with
// ArchiveEncoder, reloads it, checks it round-trips, and compares its size with JSON's.
import Foundation
import KeyedArchive

struct AppState: Codable, Equatable {
    struct Settings: Codable, Equatable {
        var darkMode: Bool
        var fontSize: Int
        var language: String
        var sync: SyncMode
    }
    enum SyncMode: Codable, Equatable {
        case off
        case wifiOnly
        case always(intervalMinutes: Int)
    }
    struct Document: Codable, Equatable {
        var id: UUID
        var title: String
        var tags: [String]
        var created: Date
        var modified: Date?
        var pinned: Bool
        var wordCount: Int
    }
    var settings: Settings
    var documents: [Document]
    var recentSearches: [String: Int]
}

func sampleState(documents count: Int) -> AppState {
    var generator = SplitMix64(seed: 42)
    let words = ["draft", "notes", "swift", "archive", "travel", "ideas", "todo", "work", "home", "music"]
    var documents: [AppState.Document] = []
    for i in 0..<count {
        let title = "Document \(i): \(words[i % words.count]) \(words[(i * 7) % words.count])"
        let tags = (0..<(i % 4)).map { words[($0 + i) % words.count] }
        let created = Date(timeIntervalSinceReferenceDate: 700_000_000 + Double(i) * 3_600)
        let modified: Date? = i % 3 == 0 ? nil : Date(timeIntervalSinceReferenceDate: 710_000_000 + Double(i) * 60)
        documents.append(AppState.Document(
            id: UUID(uuid: generator.uuid()), title: title, tags: tags, created: created,
            modified: modified, pinned: i % 10 == 0, wordCount: Int(generator.next() % 5_000)))
    }
    return AppState(
        settings: .init(darkMode: true, fontSize: 14, language: "en-GB", sync: .always(intervalMinutes: 15)),
        documents: documents,
        recentSearches: Dictionary(uniqueKeysWithValues: words.enumerated().map { ($1, $0) }))
}

/// A small deterministic generator, so the sample is the same on every run.
struct SplitMix64 {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func uuid() -> uuid_t {
        let a = next(), b = next()
        return withUnsafeBytes(of: (a, b)) { $0.load(as: uuid_t.self) }
    }
}

let state = sampleState(documents: 500)
let directory = FileManager.default.temporaryDirectory.appendingPathComponent("keyedarchive-demo-\(getpid())")
try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: directory) }

var encoder = ArchiveEncoder()
let plain = try encoder.encode(state)
encoder.compression = .zlib
let compressed = try encoder.encode(state)
let json = try JSONEncoder().encode(state)

// Save the way an app should: atomically and durably, with a CRC-32 (the default of `write`).
let file = directory.appendingPathComponent("state.karchive")
try encoder.write(state, to: file)
let reloaded = try ArchiveDecoder().read(AppState.self, from: file)
guard reloaded == state else {
    print("error: the reloaded app state differs from the saved one")
    exit(1)
}

func row(_ name: String, _ bytes: Int) -> String {
    let ratio = Double(bytes) / Double(json.count)
    return name.padding(toLength: 24, withPad: " ", startingAt: 0)
        + String(bytes).leftPadded(to: 9) + " bytes   " + String(format: "%.2f× JSON", ratio)
}
extension String {
    func leftPadded(to width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
}

print("Saved and reloaded an app state with \(state.documents.count) documents: identical.")
print(row("JSONEncoder (compact)", json.count))
print(row("ArchiveEncoder", plain.count))
print(row("ArchiveEncoder + zlib", compressed.count))

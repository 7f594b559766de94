import Testing
@testable import KeyedArchive

/// `EntriesCursor` (Wire/): the one place that steps through a container's entries, plain and
/// with the opening's checks in §12.4's order; and, over archives the encoder writes, that it
/// finds the entries the format walk finds.
@Suite struct EntriesCursorTests {
    /// Every entry of the entries in `range` of `bytes`, stepped plainly.
    static func entries(_ bytes: [UInt8], _ range: Range<Int>, keyed: Bool) throws -> [EntriesCursor.Entry] {
        try bytes.withUnsafeBytes { buffer in
            let reader = ByteReader(buffer)
            var cursor = EntriesCursor(from: range.lowerBound, to: range.upperBound, isKeyed: keyed)
            var found: [EntriesCursor.Entry] = []
            while let entry = try cursor.next(in: reader) { found.append(entry) }
            #expect(cursor.isAtEnd)
            return found
        }
    }

    /// The checked opening of the keyed container at 0 of `bytes`, with a key table of
    /// `tableCount` distinct strings.
    static func framing(_ bytes: [UInt8], tableCount: Int = 0, maximumCount: Int = 100) throws -> KeyedFraming {
        try bytes.withUnsafeBytes { buffer in
            try ByteReader(buffer).keyedFraming(at: 0, limit: bytes.count, keyIdentities: (0..<tableCount).map { 1000 + UInt64($0) },
                                                maximumCount: maximumCount)
        }
    }

    /// The format error `body` throws; `nil` if it throws none (or another error).
    static func formatError(_ body: () throws -> Void) -> ArchiveFormatError? {
        do { try body() } catch { return error as? ArchiveFormatError }
        return nil
    }

    @Test func keyedEntriesAreFoundWithTheirKeysAndBounds() throws {
        // Integer key 1 (wire 4) → fixint 5; string key 0 (wire 1) → string "ab"; integer key
        // −1 (wire 2) → a keyed container holding key 0 (wire 0) → true.
        let bytes: [UInt8] = [0x0C, 12, 4, 0x85, 1, 0x07, 2, 0x61, 0x62, 2, 0x0C, 2, 0, 0x02]
        let found = try Self.entries(bytes, 2..<14, keyed: true)
        #expect(found.map(\.key) == [4, 1, 2])
        #expect(found.map(\.start) == [2, 4, 9])
        #expect(found.map(\.value) == [3, 5, 10])
        #expect(found.map(\.end) == [4, 9, 14])
    }

    @Test func unkeyedElementsAreFoundWithKeyZero() throws {
        let bytes: [UInt8] = [0x0D, 6, 3, 0x80, 0x07, 1, 0x61, 0x11]
        let found = try Self.entries(bytes, 3..<8, keyed: false)
        #expect(found.map(\.key) == [0, 0, 0])
        #expect(found.map(\.start) == found.map(\.value))
        #expect(found.map(\.value) == [3, 4, 7])
        #expect(found.map(\.end) == [4, 7, 8])
    }

    @Test func anEmptyRangeHasNoEntries() throws {
        #expect(try Self.entries([0x10], 1..<1, keyed: true).isEmpty)
        #expect(try Self.framing([0x0C, 0]).count == 0)
    }

    @Test func aKeyIsReadWithoutMovingAndTakenOnce() throws {
        let bytes: [UInt8] = [4, 0x85, 6, 0x86]
        try bytes.withUnsafeBytes { buffer in
            let reader = ByteReader(buffer)
            var cursor = EntriesCursor(from: 0, to: 4, isKeyed: true)
            let first = try #require(try cursor.key(in: reader))
            #expect(try cursor.key(in: reader)?.start == first.start)
            #expect(cursor.position == 0)
            let taken = try cursor.take(first, in: reader)
            #expect(taken.end == 2 && cursor.position == 2)
            #expect(try cursor.next(in: reader)?.key == 6)
            #expect(try cursor.key(in: reader) == nil)
        }
    }

    @Test func aValuePastTheEntriesIsTruncatedAtTheValue() {
        // A string of 5 bytes with 2 left in the container.
        let error = Self.formatError { _ = try Self.entries([4, 0x07, 5, 0x61, 0x62], 0..<5, keyed: true) }
        #expect(error?.kind == .truncated)
    }

    @Test func theOpeningCountsAnEntryBeforeReadingIt() {
        // Three entries, a limit of two: the third is refused at the container, even though its
        // key (string 9, beyond the table) and its value (cut short) are wrong too.
        let bytes: [UInt8] = [0x0C, 7, 4, 0x80, 6, 0x80, 19, 0x07, 9]
        let error = Self.formatError { _ = try Self.framing(bytes, maximumCount: 2) }
        #expect(error?.kind == .limitExceeded)
        #expect(error?.offset == 0)
    }

    @Test func theOpeningChecksAKeyBeforeItsValue() {
        // The second entry's key is string 5 of a table of 1, and its value is cut short: the
        // key is reported, at the key.
        let outside: [UInt8] = [0x0C, 5, 1, 0x80, 11, 0x07, 9]
        let error = Self.formatError { _ = try Self.framing(outside, tableCount: 1) }
        #expect(error?.kind == .malformed)
        #expect(error?.offset == 4)
        // A repeated key with a value cut short: the repetition is reported, at the key.
        let repeated: [UInt8] = [0x0C, 5, 4, 0x80, 4, 0x07, 9]
        let repetition = Self.formatError { _ = try Self.framing(repeated) }
        #expect(repetition?.kind == .malformed)
        #expect(repetition?.offset == 4)
        #expect(repetition?.description.contains("repeats a key") == true)
    }

    @Test func theOpeningReportsWhatItFound() throws {
        // Integer keys 1 and 100 (wire 400: above the small-key bit set) and string key 0.
        let bytes: [UInt8] = [0x0C, 7, 4, 0x80, 0x90, 0x03, 0x81, 1, 0x82]
        let framing = try Self.framing(bytes, tableCount: 1)
        #expect(framing.count == 3)
        #expect(framing.hasIntegerKeys && framing.hasStringKeys)
        #expect(framing.entries == 2..<9)
        let integersOnly = try Self.framing([0x0C, 2, 4, 0x80])
        #expect(integersOnly.hasIntegerKeys && !integersOnly.hasStringKeys)
        let twice: [UInt8] = [0x0C, 6, 0x90, 0x03, 0x80, 0x90, 0x03, 0x81]
        #expect(Self.formatError { _ = try Self.framing(twice) }?.offset == 5)
    }

    /// Records each keyed container's keys as the format walk sees them.
    struct KeyRecorder: FormatVisitor {
        static var checksContainers: Bool { true }
        var keyedStarts: [Int] = []
        var keys: [(depth: Int, wire: UInt64, start: Int)] = []

        mutating func beginContainer(_ container: ArchiveContainer, depth: Int) {
            if container.isKeyed, container.lengthField != nil { keyedStarts.append(container.range.lowerBound) }
        }
        mutating func visitKey(_ wire: UInt64, at range: Range<Int>, depth: Int) {
            keys.append((depth, wire, range.lowerBound))
        }
    }

    struct Leaf: Codable { var a: Int; var b: String?; var c: [Double] }
    struct Tree: Codable { var name: String; var leaves: [Leaf]; var table: [String: Leaf]; var flags: [Int: Bool] }

    /// Over archives of random trees, the cursor's entries of every keyed container are the
    /// keys the format walk visits, in order, at the same offsets.
    @Test func theCursorFindsTheEntriesTheFormatWalkFinds() throws {
        var generator = DiffSource(seed: 0x5EED_C0DE)
        for _ in 0..<200 {
            let leaves = (0..<Int(generator.next() % 5)).map { i in
                Leaf(a: Int(truncatingIfNeeded: generator.next()), b: generator.next() % 2 == 0 ? nil : "s\(i)",
                     c: (0..<Int(generator.next() % 4)).map { Double($0) / 3 })
            }
            let tree = Tree(name: "t\(generator.next() % 100)", leaves: leaves,
                            table: Dictionary(uniqueKeysWithValues: leaves.enumerated().map { ("k\($0.offset)", $0.element) }),
                            flags: Dictionary(uniqueKeysWithValues: (0..<Int(generator.next() % 6)).map { ($0 * 70, $0 % 2 == 0) }))
            let bytes = Array(try ArchiveEncoder().encode(tree))
            try bytes.withUnsafeBytes { buffer in
                let reader = ByteReader(buffer)
                let body = try ArchiveBody(reader)
                var recorder = KeyRecorder()
                _ = try FormatWalk(reader: reader, keyIdentities: body.keyIdentities, limits: ArchiveDecoder.Limits()).walk(body.root, &recorder)
                var stepped: [UInt64: [UInt64]] = [:]
                var walked: [UInt64: [UInt64]] = [:]
                for start in recorder.keyedStarts {
                    let framing = try reader.keyedFraming(at: start, limit: reader.count, keyIdentities: body.keyIdentities, maximumCount: .max)
                    var cursor = EntriesCursor(from: framing.entries.lowerBound, to: framing.entries.upperBound, isKeyed: true)
                    var found: [UInt64] = []
                    while let entry = try cursor.next(in: reader) { found.append(UInt64(entry.start) << 32 | entry.key) }
                    #expect(found.count == framing.count)
                    stepped[UInt64(start)] = found
                    walked[UInt64(start)] = recorder.keys.filter { key in
                        // The innermost keyed container that holds the key starts here.
                        recorder.keyedStarts.last(where: { $0 < key.start && key.start < Self.end(of: $0, reader) }) == start
                    }.map { UInt64($0.start) << 32 | $0.wire }
                }
                #expect(stepped == walked)
            }
        }
    }

    static func end(of container: Int, _ reader: ByteReader) -> Int {
        (try? reader.valueEnd(at: container, limit: reader.count)) ?? -1
    }
}

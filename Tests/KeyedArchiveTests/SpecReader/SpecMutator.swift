import KeyedArchiveSamples

/// A mutated archive and how it was made.
struct AgreementMutant {
    let seed: AgreementSeed
    /// The mutated uncompressed archive, when the mutations were made to the body and the
    /// archive was rebuilt in the seed's variant; nil when the final bytes were mutated.
    let plain: [UInt8]?
    let bytes: [UInt8]
    let limits: SpecLimits
    let mutations: [String]
}

/// Makes mutants of seeds: 1–3 mutations each, on the uncompressed body (then recompressed and
/// re-checksummed in the seed's variant) or on the final bytes, and sometimes small limits.
struct SpecMutator {
    var random: SampleGenerator

    mutating func int(_ range: Range<Int>) -> Int { Int.random(in: range, using: &random) }
    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }
    mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &random) < p }

    mutating func mutant(of seed: AgreementSeed) -> AgreementMutant {
        var log: [String] = []
        let count = int(1...3)
        let result: [UInt8]
        var plain: [UInt8]? = nil
        if seed.flags == 0 || chance(0.6) {
            // The body: structural mutations reach errors inside compressed and checksummed archives.
            var bytes = seed.plain
            for _ in 0..<count { mutateStructure(&bytes, seed.landmarks, &log) }
            plain = bytes
            result = SpecArchiveWrapping.wrap(bytes, flags: seed.flags)
        } else {
            var bytes = seed.archive
            for _ in 0..<count { mutateRaw(&bytes, seed, &log) }
            // Mostly fix the CRC-32 afterwards, so the header and zlib checks behind it are reached.
            if seed.flags & 0x02 != 0, bytes.count >= 10, chance(0.7) {
                bytes.replaceSubrange(bytes.count - 4..<bytes.count, with: SpecArchiveWrapping.crcTrailer(bytes.dropLast(4)))
                log.append("CRC-32 recomputed")
            }
            result = bytes
        }
        return AgreementMutant(seed: seed, plain: plain, bytes: result, limits: randomLimits(&log), mutations: log)
    }

    /// Default limits, or (for a third of the mutants) small ones.
    mutating func randomLimits(_ log: inout [String]) -> SpecLimits {
        var limits = SpecLimits()
        guard chance(0.35) else { return limits }
        if chance(0.5) { limits.maximumDepth = int(1...4) }
        if chance(0.5) { limits.maximumCollectionCount = int(0...3) }
        if chance(0.3) { limits.maximumInflatedSize = int(0...200) }
        log.append("limits \(limits)")
        return limits
    }

    // MARK: - Mutations of the uncompressed archive

    mutating func mutateStructure(_ bytes: inout [UInt8], _ marks: SpecObservations, _ log: inout [String]) {
        let tags = marks.valueTags.sorted()
        switch int(0..<12) {
        case 0:
            if let at = pick(tags), at < bytes.count {
                let old = bytes[at]
                let choices: [UInt8] = [0x0C, 0x0D, 0x10, 0x11, 0x0E, 0x0F, 0x07, 0x0B, 0x08, 0x00, 0x03, 0x04, 0x12, 0x13]
                bytes[at] = chance(0.3) ? UInt8(int(0x12...0x7F)) : choices[int(0..<choices.count)]
                log.append("tag at \(at): \(hex(old)) → \(hex(bytes[at]))")
            }
        case 1:
            if let at = pick(marks.lengthVarints + marks.countVarints + marks.keyVarints + marks.referenceVarints
                             + marks.keyTableEntries + [marks.keyTableStart]) {
                overlong(&bytes, at: at, &log)
            }
        case 2:
            // Reference targets (§9.5) too: small values reach the forward, non-object and loop checks.
            if let at = pick(marks.lengthVarints + marks.countVarints + marks.referenceVarints + marks.keyTableEntries + [marks.keyTableStart]) {
                let huge: [UInt64] = [1 << 32, UInt64.max, 1 << 63, (1 << 63) - 1, 1 << 24, 1 << 24 + 1, 200, 0x7F, 0x80]
                let value = chance(0.5) ? huge[int(0..<huge.count)] : UInt64(int(0...20))
                replaceVarint(&bytes, at: at, with: value)
                log.append("varint at \(at) → \(value)")
            }
        case 3:
            if let at = pick(marks.keyVarints) { changeKey(&bytes, at: at, marks, &log) }
        case 4:
            duplicateKeyEntry(&bytes, marks, &log)
        case 5:
            // Truncation at a structural position: a tag, just after it, or inside the key table.
            let points = tags.flatMap { [$0, $0 + 1, $0 + 2] } + [marks.keyTableStart, marks.keyTableStart + 1] + marks.keyTableEntries
            if let at = pick(points), at < bytes.count {
                bytes.removeSubrange(at...)
                log.append("truncated at \(at)")
            }
        default:
            mutateBytes(&bytes, from: chance(0.1) ? 0 : 6, &log)
        }
    }

    /// Bit flips, byte replacements, truncation, insertion and deletion at random positions at or
    /// after `from`.
    mutating func mutateBytes(_ bytes: inout [UInt8], from: Int, _ log: inout [String]) {
        guard bytes.count > from else {
            bytes.append(UInt8(int(0...255)))
            log.append("appended a byte")
            return
        }
        let at = int(from..<bytes.count)
        switch int(0..<6) {
        case 0, 1:
            let bit = int(0..<8)
            bytes[at] ^= 1 << bit
            log.append("bit \(bit) flipped at \(at)")
        case 2:
            let interesting: [UInt8] = [0x00, 0x01, 0x7F, 0x80, 0x81, 0xFF, 0x0C, 0x0D, 0x12]
            bytes[at] = chance(0.5) ? interesting[int(0..<interesting.count)] : UInt8(int(0...255))
            log.append("byte at \(at) → \(hex(bytes[at]))")
        case 3:
            bytes.removeSubrange(at...)
            log.append("truncated at \(at)")
        case 4:
            let inserted = (0..<int(1...3)).map { _ in UInt8(int(0...255)) }
            bytes.insert(contentsOf: inserted, at: int(from...bytes.count))
            log.append("inserted \(inserted.map(hex)) near \(at)")
        default:
            let n = min(int(1...3), bytes.count - at)
            bytes.removeSubrange(at..<at + n)
            log.append("deleted \(n) at \(at)")
        }
    }

    // MARK: - Mutations of the final bytes

    mutating func mutateRaw(_ bytes: inout [UInt8], _ seed: AgreementSeed, _ log: inout [String]) {
        if seed.flags & 0x01 != 0, bytes.count > 7, chance(0.3) {
            // The inflated-size varint (§11).
            let size = Int(min(readVarint(bytes, at: 6).value, 1 << 20))
            let choices: [UInt64] = [UInt64(max(0, size - 1)), UInt64(size + 1), 0, 1 << 42, UInt64(int(0...300)), UInt64(size) * 2]
            if chance(0.2) {
                overlong(&bytes, at: 6, &log)
            } else {
                let value = choices[int(0..<choices.count)]
                replaceVarint(&bytes, at: 6, with: value)
                log.append("inflated size → \(value)")
            }
            return
        }
        mutateBytes(&bytes, from: chance(0.2) ? 0 : min(6, bytes.count), &log)
    }

    // MARK: - Varint and key helpers

    /// Re-encodes the varint at `at` with a trailing `80 … 00` (§4: overlong).
    mutating func overlong(_ bytes: inout [UInt8], at: Int, _ log: inout [String]) {
        guard at < bytes.count else { return }
        let (_, end) = readVarint(bytes, at: at)
        let padding = [UInt8](repeating: 0x80, count: int(0...2)) + [0x00]
        bytes[end - 1] |= 0x80
        bytes.insert(contentsOf: padding, at: end)
        log.append("varint at \(at) made overlong by \(padding.count) bytes")
    }

    /// Replaces the varint at `at` (as far as it goes) by the minimal varint of `value`.
    func replaceVarint(_ bytes: inout [UInt8], at: Int, with value: UInt64) {
        guard at < bytes.count else { return }
        let (_, end) = readVarint(bytes, at: at)
        bytes.replaceSubrange(at..<end, with: varint(value))
    }

    /// A string key out of range, another entry's key, or an integer key's decimal-string form.
    mutating func changeKey(_ bytes: inout [UInt8], at: Int, _ marks: SpecObservations, _ log: inout [String]) {
        guard at < bytes.count else { return }
        let (key, _) = readVarint(bytes, at: at)
        let tableCount = UInt64(marks.keyTableEntries.count)
        switch int(0..<3) {
        case 0:
            let value = (tableCount + UInt64(int(0...2))) << 1 | 1
            replaceVarint(&bytes, at: at, with: value)
            log.append("key at \(at) → index out of range \(value)")
        case 1:
            guard let other = pick(marks.keyVarints), other < bytes.count else { return }
            let value = UInt64(truncatingIfNeeded: readVarint(bytes, at: other).value)
            replaceVarint(&bytes, at: at, with: value)
            log.append("key at \(at) → key of \(other) (\(value))")
        default:
            // Integer key n → a new table entry "n" referenced as a string key, or a string key
            // → an integer key when it is a table entry.
            let n: Int64
            if key & 1 == 0 {
                let zigzag = UInt64(truncatingIfNeeded: key >> 1)
                n = Int64(bitPattern: (zigzag >> 1) ^ (0 &- (zigzag & 1)))
            } else {
                n = Int64(int(-3...9))
            }
            let before = bytes.count
            appendKeyTableEntry(&bytes, Array(String(n).utf8), marks)
            guard bytes.count != before else { return }
            replaceVarint(&bytes, at: at, with: tableCount << 1 | 1)
            log.append("key at \(at) → decimal string \"\(n)\" (new entry \(tableCount))")
        }
    }

    /// Appends a copy of a key-table entry to the table (same bytes twice, §8.2) and maybe points
    /// a key at the copy.
    mutating func duplicateKeyEntry(_ bytes: inout [UInt8], _ marks: SpecObservations, _ log: inout [String]) {
        guard let entry = pick(marks.keyTableEntries), entry < bytes.count else { return }
        let (length, start) = readVarint(bytes, at: entry)
        guard length <= UInt128(bytes.count - start) else { return }
        let string = Array(bytes[start..<start + Int(length)])
        appendKeyTableEntry(&bytes, string, marks)
        log.append("key-table entry at \(entry) duplicated")
        if chance(0.7), let key = pick(marks.keyVarints), key < bytes.count {
            replaceVarint(&bytes, at: key, with: UInt64(marks.keyTableEntries.count) << 1 | 1)
            log.append("key at \(key) → the duplicate")
        }
    }

    /// Appends `string` as a new last entry of the key table that starts at
    /// `marks.keyTableStart`, rewriting its count. Keeps `bytes` if the table is not intact.
    func appendKeyTableEntry(_ bytes: inout [UInt8], _ string: [UInt8], _ marks: SpecObservations) {
        let start = marks.keyTableStart
        guard start < bytes.count else { return }
        let (count, _) = readVarint(bytes, at: start)
        guard count == UInt128(marks.keyTableEntries.count) else { return }
        bytes += varint(UInt64(string.count)) + string
        replaceVarint(&bytes, at: start, with: UInt64(count) + 1)
    }

    /// A varint's value and end without any checks (up to 10 bytes or the end of the input).
    func readVarint(_ bytes: [UInt8], at start: Int) -> (value: UInt128, end: Int) {
        var value: UInt128 = 0
        var p = start
        while p < bytes.count, p - start < 10 {
            value |= UInt128(bytes[p] & 0x7F) << (7 * (p - start))
            p += 1
            if bytes[p - 1] & 0x80 == 0 { break }
        }
        return (value, p)
    }

    mutating func pick(_ offsets: [Int]) -> Int? {
        offsets.isEmpty ? nil : offsets[int(0..<offsets.count)]
    }
}

/// A byte as two hex digits.
func hex(_ byte: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
}

/// Bytes as spaced hex, the notation of the golden vectors.
func hex(_ bytes: [UInt8]) -> String { bytes.map(hex).joined(separator: " ") }

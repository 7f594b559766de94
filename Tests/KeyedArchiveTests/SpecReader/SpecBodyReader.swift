/// §12.4 steps 4 and 5 over an uncompressed archive (or the inflated archive of a compressed one):
/// the body (root skipped, key table, nothing after it), then every value in document order.
struct SpecBodyReader {
    /// The archive: a 6-byte header, then the body up to its end (no CRC-32 trailer).
    let bytes: [UInt8]
    let limits: SpecLimits
    /// Header flag bit 2 (§9.5): `12` and `13` are values, not reserved tags.
    let references: Bool
    /// The values checked so far, by value index (§9.5: document order, the root is 0): for a
    /// shared object (`13`) the end of its marked value once it has been checked completely,
    /// `.open` while it is being checked; `.other` for every other value.
    private var values: [SpecValueState] = []
    /// The key table (§8.2), read by `checkBody()`.
    private(set) var keys = SpecKeyTable()
    /// Where the root value ends and the key table begins.
    private(set) var rootEnd = 6

    /// Whether to record `observations` (only needed to judge a lazy reader's errors).
    let observing: Bool
    private(set) var observations = SpecObservations()

    init(_ bytes: [UInt8], limits: SpecLimits, observing: Bool = false) {
        self.bytes = bytes
        self.limits = limits
        self.observing = observing
        references = bytes.count > 5 && bytes[5] & 0x04 != 0
    }

    // MARK: - §12.4 step 4: the body

    /// Step 4: a root value, skipped (§5.1) with the body's end as the limit; the key table
    /// (§8.2); then the end of the input.
    mutating func checkBody() throws(SpecFailure) {
        let end = bytes.count
        // 4.1: nothing after the header.
        guard end > 6 else { throw .truncated(6) }
        // 4.2: the root is skipped, not checked (§5.1: no UTF-8, no container contents, no limits).
        rootEnd = try skip(at: 6, limit: end)
        // 4.3: the key table.
        let (table, tableEnd) = try SpecKeyTable.read(bytes, at: rootEnd, end: end)
        keys = table
        if observing {
            observations.keyTableStart = rootEnd
            observations.keyTableEntries = table.entryOffsets
        }
        // 4.4: bytes after the key table.
        guard tableEnd == end else { throw .malformed(tableEnd) }
    }

    // MARK: - §12.4 step 5: the values

    /// Step 5: the root value at depth 1, with the start of the key table as its limit.
    mutating func checkValues() throws(SpecFailure) {
        _ = try checkValue(at: 6, limit: rootEnd, depth: 1)
    }

    /// Checks the value at `start` completely (step 5) and returns its end. `limit` is the end
    /// of the enclosing container; `depth` the value's depth (§12.1: the root is at 1).
    mutating func checkValue(at start: Int, limit: Int, depth: Int) throws(SpecFailure) -> Int {
        // §5.1.1: a tag byte before the limit.
        guard start < limit else { throw .truncated(limit) }
        let tag = bytes[start]
        if references && tag == 0x13 { return try checkSharedObjects(at: start, limit: limit, depth: depth) }
        let index = values.count
        values.append(.other)
        if observing { observe(tag: tag, at: start) }
        // §12.4 step 5, first rule: containers too deep, before anything else in them is read.
        if [0x0C, 0x0D, 0x10, 0x11].contains(tag) && depth > limits.maximumDepth {
            throw .limitExceeded(start)
        }
        switch tag {
        case 0x0C:
            return try checkKeyed(at: start, limit: limit, depth: depth)
        case 0x0D:
            return try checkUnkeyed(at: start, limit: limit, depth: depth)
        case 0x0E:
            // §5.1's checks, then the collection limit at the count varint (§9.3, §12.1).
            let packed = try packedArray(at: start + 1, limit: limit)
            guard packed.count <= UInt128(limits.maximumCollectionCount) else { throw .limitExceeded(packed.countOffset) }
            return packed.end
        case 0x07, 0x0B:
            // §5.1's checks, then the UTF-8 (§7), at the tag.
            let payload = try lengthPrefixed(at: start + 1, limit: limit)
            guard specIsValidUTF8(bytes[payload]) else { throw .invalidUTF8(start) }
            return payload.upperBound
        case 0x12 where references:
            return try checkReference(at: start, index: index, limit: limit)
        default:
            // Every other tag: the checks of §5.1 (reserved tags included).
            return try skip(at: start, limit: limit)
        }
    }

    /// §9.5 and §12.4 step 5 for `13`: a shared object is checked by checking its marked value,
    /// with the same limit and depth (it is not a container). Consecutive `13`s are taken in one
    /// loop, each a value of its own, so that a long chain of them costs no stack.
    private mutating func checkSharedObjects(at start: Int, limit: Int, depth: Int) throws(SpecFailure) -> Int {
        var markers: [Int] = []
        var p = start
        while p < limit && bytes[p] == 0x13 {
            if observing { observe(tag: 0x13, at: p) }
            markers.append(values.count)
            values.append(.open)
            p += 1
        }
        // The marked value of the last marker (a missing one is truncated at the limit, §5.1.1).
        let end = try checkValue(at: p, limit: limit, depth: depth)
        for index in markers { values[index] = .ended(end) }
        return end
    }

    /// §9.5 and §12.4 step 5 for `12` at `start`, value `index`: the varint (§5.1), then the
    /// three checks in their order, each `malformed` at the tag.
    private mutating func checkReference(at start: Int, index: Int, limit: Int) throws(SpecFailure) -> Int {
        if observing { observations.referenceVarints.append(start + 1) }
        let (target, end) = try SpecVarint.read(bytes, at: start + 1, limit: limit, maximumBits: 64)
        // 1. the target precedes the reference (forward, or out of range: same kind and offset).
        guard target < UInt128(index) else { throw .malformed(start) }
        switch values[Int(target)] {
        case .other:
            // 2. the target is not a shared object.
            throw .malformed(start)
        case .open:
            // 3. the target's marked value contains the reference: a loop.
            throw .malformed(start)
        case .ended:
            return end
        }
    }

    /// §9.1 and §12.4 step 5 for `0C`: the length, then the container is opened (every entry:
    /// count limit, key varint, key index, repeated identity, value skipped), then each value.
    private mutating func checkKeyed(at start: Int, limit: Int, depth: Int) throws(SpecFailure) -> Int {
        let payload = try lengthPrefixed(at: start + 1, limit: limit)
        let end = payload.upperBound
        var p = payload.lowerBound
        var identities: Set<UInt64> = []
        var entries: [(keyOffset: Int, key: UInt64, value: Int)] = []
        while p < end {
            // §9.1.1: counted before the key is read; the error is at the container's tag.
            guard entries.count < limits.maximumCollectionCount else { throw .limitExceeded(start) }
            // §9.1.2: the key varint, with the container's end as its limit.
            let keyOffset = p
            if observing { observations.keyVarints.append(p) }
            let (key128, afterKey) = try SpecVarint.read(bytes, at: p, limit: end, maximumBits: 64)
            let key = UInt64(key128)
            // §9.1.3, §8.1: a string key's index must be in the table.
            if key & 1 == 1 && key >> 1 >= UInt64(keys.count) { throw .malformed(keyOffset) }
            // §9.1.4, §8.3: integer entries are their own identity; string entries the table's.
            let identity = key & 1 == 0 ? key : keys.identities[Int(key >> 1)]
            guard identities.insert(identity).inserted else { throw .malformed(keyOffset) }
            // §9.1.5: the value is skipped with the container's end as the limit.
            let valueEnd = try skip(at: afterKey, limit: end)
            entries.append((keyOffset, key, afterKey))
            p = valueEnd
        }
        if observing { observeTwoEntryKeys(entries.map { ($0.keyOffset, $0.key) }) }
        // Then the values, in order, each checked completely before the next.
        for entry in entries { _ = try checkValue(at: entry.value, limit: end, depth: depth + 1) }
        return end
    }

    /// §9.2 and §12.4 step 5 for `0D`: the length, the count varint against the payload and the
    /// limit, every element, then nothing left over.
    private mutating func checkUnkeyed(at start: Int, limit: Int, depth: Int) throws(SpecFailure) -> Int {
        let payload = try lengthPrefixed(at: start + 1, limit: limit)
        let end = payload.upperBound
        let countOffset = payload.lowerBound
        if observing { observations.countVarints.append(countOffset) }
        let (count, afterCount) = try SpecVarint.read(bytes, at: countOffset, limit: end, maximumBits: 64)
        // Every element takes at least one byte.
        guard count <= UInt128(end - afterCount) else { throw .malformed(countOffset) }
        guard count <= UInt128(limits.maximumCollectionCount) else { throw .limitExceeded(countOffset) }
        var p = afterCount
        for _ in 0..<Int(count) { p = try checkValue(at: p, limit: end, depth: depth + 1) }
        guard p == end else { throw .malformed(p) }
        return end
    }

    // MARK: - §5.1 skipping

    /// §5.1: the end of the value at `start` from its tag and lengths, making exactly the
    /// normative checks in their order against `limit`, and nothing inside the value.
    func skip(at start: Int, limit: Int) throws(SpecFailure) -> Int {
        // 1. a tag byte before the limit.
        guard start < limit else { throw .truncated(limit) }
        let tag = bytes[start]
        let p = start + 1
        switch tag {
        case 0x12 where references:
            // §9.5: the value index varint, at most 64 bits; its target is checked in step 5.
            return try SpecVarint.read(bytes, at: p, limit: limit, maximumBits: 64).end
        case 0x13 where references:
            // §9.5: the marker, then its marked value with the same limit; a chain of markers is
            // stepped over first, so skipping stays non-recursive.
            var q = p
            while q < limit && bytes[q] == 0x13 { q += 1 }
            return try skip(at: q, limit: limit)
        case 0x12...0x7F:
            // 2. reserved (`14`–`7F`; `12` and `13` too without flag bit 2).
            throw .malformed(start)
        case 0x00...0x02, 0x10, 0x11, 0x80...0xFF:
            return p
        case 0x03, 0x04:
            // The integer varint, at most 128 bits; for 04, n ≤ 2^127 − 1 (§6.1).
            let (n, end) = try SpecVarint.read(bytes, at: p, limit: limit, maximumBits: 128)
            if tag == 0x04 && n > UInt128(Int128.max) { throw .malformed(start) }
            return end
        case 0x0F:
            // The level varint, at most 64 bits; level 0 is malformed at the tag (§10).
            let (level, end) = try SpecVarint.read(bytes, at: p, limit: limit, maximumBits: 64)
            if level == 0 { throw .malformed(start) }
            return end
        case 0x05, 0x06, 0x09, 0x0A:
            let width = [0x05: 4, 0x06: 8, 0x09: 8, 0x0A: 16][tag]!
            guard limit - p >= width else { throw .truncated(p) }
            return p + width
        case 0x07, 0x08, 0x0B, 0x0C, 0x0D:
            return try lengthPrefixed(at: p, limit: limit).upperBound
        case 0x0E:
            return try packedArray(at: p, limit: limit).end
        default:
            fatalError("unreachable: every byte value is covered")
        }
    }

    /// §5.1 for `07`, `08`, `0B`, `0C`, `0D`: the length varint at `p`, then length ≤ the bytes
    /// between the varint's end and `limit`, else `truncated` at the varint. Returns the payload.
    func lengthPrefixed(at p: Int, limit: Int) throws(SpecFailure) -> Range<Int> {
        let (length, payloadStart) = try SpecVarint.read(bytes, at: p, limit: limit, maximumBits: 64)
        guard length <= UInt128(limit - payloadStart) else { throw .truncated(p) }
        return payloadStart..<payloadStart + Int(length)
    }

    /// §5.1 and §9.3 for `0E` (`p` is the kind byte): the kind (missing → truncated, invalid →
    /// malformed, at it), the count varint, count × width ≤ the bytes left (truncated at the count).
    func packedArray(at p: Int, limit: Int) throws(SpecFailure) -> (countOffset: Int, count: UInt128, end: Int) {
        guard p < limit else { throw .truncated(p) }
        let widths: [UInt8: Int] = [0x01: 1, 0x02: 2, 0x03: 2, 0x04: 4, 0x05: 4, 0x06: 8, 0x07: 8, 0x08: 4, 0x09: 8]
        guard let width = widths[bytes[p]] else { throw .malformed(p) }
        let countOffset = p + 1
        let (count, elements) = try SpecVarint.read(bytes, at: countOffset, limit: limit, maximumBits: 64)
        guard count * UInt128(width) <= UInt128(limit - elements) else { throw .truncated(countOffset) }
        return (countOffset, count, elements + Int(count) * width)
    }

    // MARK: - Observations for lazy readers and mutators

    /// Records a value's tag and the varints right after it.
    private mutating func observe(tag: UInt8, at start: Int) {
        observations.valueTags.insert(start)
        switch tag {
        case 0x07, 0x08, 0x0B, 0x0C, 0x0D: observations.lengthVarints.append(start + 1)
        case 0x0E: observations.countVarints.append(start + 2)
        default: break
        }
    }

    /// §8.3 "Two entries for one key type": an integer entry and a string entry (not a decimal
    /// integer) in one container can both match a key of an `Int` `CodingKey` enum, and a lookup
    /// then fails at the later one. Records the offsets where a lazy reader may report that.
    private mutating func observeTwoEntryKeys(_ entries: [(keyOffset: Int, key: UInt64)]) {
        let integers = entries.filter { $0.key & 1 == 0 }
        let strings = entries.filter { $0.key & 1 == 1 && keys.identities[Int($0.key >> 1)] & 1 == 1 }
        for i in integers {
            for s in strings { observations.twoEntryKeyOffsets.insert(max(i.keyOffset, s.keyOffset)) }
        }
    }
}

/// Facts a validating reader records about an accepted archive, to judge what a lazy reader
/// (§12.2) may report that a validating reader does not.
struct SpecObservations {
    /// The offset of every value's tag (a lazy reader may find one too deep, §12.2).
    var valueTags: Set<Int> = []
    /// Key varints where a lookup may meet a key matching two entries (§8.3).
    var twoEntryKeyOffsets: Set<Int> = []
    /// Where the structure is, for mutators: length varints, count varints (unkeyed, packed),
    /// key varints, the key table and its entries' length varints.
    var lengthVarints: [Int] = []
    var countVarints: [Int] = []
    var keyVarints: [Int] = []
    /// The value-index varints of references (§9.5).
    var referenceVarints: [Int] = []
    var keyTableStart = 0
    var keyTableEntries: [Int] = []
}

/// What the spec reader knows about a value it has checked (§9.5), for judging references to it.
enum SpecValueState {
    /// Not a shared object: no reference may name it.
    case other
    /// A shared object whose marked value is being checked: a reference now is inside it.
    case open
    /// A shared object whose marked value ends at the offset.
    case ended(Int)
}

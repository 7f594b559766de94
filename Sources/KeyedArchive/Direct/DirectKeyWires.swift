/// Where the string keys of generated code's key sets are in the archive's key table, by key set,
/// so that each entry finds its key's varint by position instead of looking its name up in the
/// key table (hashing or comparing the string, and retaining it, on every entry).
///
/// A place stays noted from one archive to the next. The key table keeps its strings between
/// archives and only ever adds to them, except when it drops the last archive's rest
/// (`KeyTable.epoch` counts those times); so a place noted in the same epoch names the same
/// string for as long as it is below the table's `count`. A stream of messages of one type then
/// writes each string key at the cost of an integer key: the place is checked, not looked up.
struct DirectKeyWires {
    /// A key's index in the key table, and the table's epoch when it was noted.
    struct Place {
        var epoch: Int
        var index: Int
        /// A place never noted: no epoch is negative.
        static let unknown = Place(epoch: -1, index: 0)
    }

    /// The key sets met so far and where their places start in `places`. An archive meets a
    /// handful of types, so a scan beats hashing.
    private var bases: [(keys: ObjectIdentifier, base: Int)] = []
    /// The key sets themselves, kept alive with the state: a set freed while encoding (one not
    /// kept in a `static let`, against the advice of `ArchiveKeySet`) could otherwise leave its
    /// identifier, and so its places, to another set allocated at the same address.
    private var sets: [ArchiveKeySet] = []
    /// Each key set's places, in its order.
    private(set) var places: [Place] = []

    /// Where the places of `keys` start, making room for them on first use.
    @inline(__always)
    mutating func base(for keys: ArchiveKeySet) -> Int {
        let id = ObjectIdentifier(keys)
        for entry in bases where entry.keys == id { return entry.base }
        let base = places.count
        places.append(contentsOf: repeatElement(.unknown, count: keys.count))
        bases.append((id, base))
        sets.append(keys)
        return base
    }

    /// Notes the place of the key at `position` (a base plus a key's index).
    mutating func note(_ place: Place, at position: Int) { places[position] = place }

    /// How many key sets are kept: a reused state keeps few.
    var keySetCount: Int { sets.count }
}

extension ArchiveKeyedEncodingContainer where Key == UnknownKey {
    /// Writes an entry of an unknown field's keyed value: `encode(_:forKey:)` with the key in
    /// the form it was read. That includes an integer key `Int` cannot hold
    /// (`UnknownKey.wideInteger`, where `Int` is 32 bits), which has no `intValue` for
    /// `EncodingState.wireKey` to see and would otherwise be written as a string key that a
    /// reader's `CodingKeys: Int` does not find (`Spec/FORMAT.md` §8.3). Here rather than in
    /// `wireKey`, where a check for these keys cost every encode 0.8–1.5 % more instructions
    /// (callgrind).
    mutating func encode(_ value: UnknownValue, forUnknownKey key: UnknownKey) throws {
        try encoder.withSink(forWritingTo: container) { state, sink in
            let mark = sink.mark()
            let addedKey = state.writeKey(wire: key.integerWire ?? state.wireKey(key), into: sink)
            try state.encodeValueRollingBack(
                value, in: sink, mark: mark, addedKey: addedKey, parentPath: path, component: .key(key),
                depth: container.depth + 1, optionalDepth: 1)
        }
    }
}

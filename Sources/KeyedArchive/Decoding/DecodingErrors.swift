/// Building `DecodingError`s in Foundation's phrasing, with the format-level cause attached.
enum DecodingErrors {
    static func corrupted(_ error: ArchiveFormatError, path: [any CodingKey]) -> DecodingError {
        .dataCorrupted(DecodingError.Context(
            codingPath: path, debugDescription: "The archive is corrupted: \(error)", underlyingError: error))
    }

    static func typeMismatch(_ type: Any.Type, found tag: UInt8, path: [any CodingKey]) -> DecodingError {
        .typeMismatch(type, DecodingError.Context(
            codingPath: path, debugDescription: "Expected to decode \(type) but found \(WireTag.name(tag)) instead."))
    }

    /// What the standard library's `RawRepresentable` decoding throws when `rawValue` names no
    /// case of `type`: the same kind and description.
    static func invalidRawValue<Raw>(_ type: Any.Type, _ rawValue: Raw, path: [any CodingKey]) -> DecodingError {
        .dataCorrupted(DecodingError.Context(
            codingPath: path, debugDescription: "Cannot initialize \(type) from invalid \(Raw.self) value \(rawValue)"))
    }

    static func valueNotFound(_ type: Any.Type, path: [any CodingKey]) -> DecodingError {
        .valueNotFound(type, DecodingError.Context(
            codingPath: path, debugDescription: "Expected \(type) value but found null instead."))
    }

    static func notRepresentable(_ description: String, as type: Any.Type, path: [any CodingKey]) -> DecodingError {
        .dataCorrupted(DecodingError.Context(
            codingPath: path, debugDescription: "Number \(description) does not fit in \(type)."))
    }

    static func keyNotFound(_ key: any CodingKey, path: [any CodingKey]) -> DecodingError {
        .keyNotFound(key, DecodingError.Context(
            codingPath: path, debugDescription: "No value associated with key \(key) (\"\(key.stringValue)\")."))
    }

    static func atEnd(_ type: Any.Type, path: [any CodingKey], index: Int) -> DecodingError {
        .valueNotFound(type, DecodingError.Context(
            codingPath: path + [IndexKey(index)], debugDescription: "Unkeyed container is at end."))
    }

    static func depthExceeded(_ limit: Int, at offset: Int, path: [any CodingKey]) -> DecodingError {
        corrupted(ArchiveFormatError(.limitExceeded, at: offset, "nesting depth exceeds the limit of \(limit)"), path: path)
    }
}

import KeyedArchive
import NIOCore

extension ByteBuffer {
    /// Encodes `value` as an archive and appends it at the writer index.
    ///
    /// The archive is not framed: it takes all the bytes this call writes. To send several
    /// archives over one connection, frame them with `ArchiveFrameEncoder`, or write the length
    /// yourself (an archive does not say where it ends).
    ///
    /// - Returns: the number of bytes written.
    /// - Throws: what `ArchiveEncoder.encode(_:)` throws; the buffer is unchanged then.
    @discardableResult
    public mutating func writeArchive<Value: Encodable>(_ value: Value, encoder: ArchiveEncoder = ArchiveEncoder()) throws -> Int {
        // Written straight from the encoder's own buffer, which it keeps for its next call: no
        // `Data` is made, and this is the archive's only copy.
        try encoder.withArchive(of: value) { writeBytes($0) }
    }

    /// Decodes all readable bytes as one archive of `type` and, only if that succeeds, moves
    /// the reader index past them.
    ///
    /// The archive is decoded where it lies, without a copy.
    ///
    /// - Throws: what `ArchiveDecoder.decode(_:from:)` throws; the reader index stays put.
    public mutating func readArchive<Value: Decodable>(_ type: Value.Type, decoder: ArchiveDecoder = ArchiveDecoder()) throws -> Value {
        let value = try getArchive(type, at: readerIndex, length: readableBytes, decoder: decoder)!
        moveReaderIndex(forwardBy: readableBytes)
        return value
    }

    /// Decodes the next `length` readable bytes as one archive of `type` and, only if that
    /// succeeds, moves the reader index past them.
    ///
    /// - Returns: the value, or `nil` (reader index unchanged) if fewer than `length` bytes
    ///   are readable.
    /// - Throws: what `ArchiveDecoder.decode(_:from:)` throws; the reader index stays put.
    public mutating func readArchive<Value: Decodable>(_ type: Value.Type, length: Int, decoder: ArchiveDecoder = ArchiveDecoder()) throws -> Value? {
        guard let value = try getArchive(type, at: readerIndex, length: length, decoder: decoder) else { return nil }
        moveReaderIndex(forwardBy: length)
        return value
    }

    /// Decodes the `length` bytes at `index` as one archive of `type`, without moving the
    /// reader index.
    ///
    /// - Returns: the value, or `nil` if those bytes are not all readable.
    /// - Throws: what `ArchiveDecoder.decode(_:from:)` throws.
    public func getArchive<Value: Decodable>(_ type: Value.Type, at index: Int, length: Int, decoder: ArchiveDecoder = ArchiveDecoder()) throws -> Value? {
        guard length >= 0, index >= readerIndex, index <= writerIndex - length else { return nil }
        return try withUnsafeReadableBytes { readable in
            let start = index - readerIndex
            return try decoder.decode(type, from: UnsafeRawBufferPointer(rebasing: readable[start ..< start + length]))
        }
    }
}

/// The frame rules of `Spec/STREAMS.md`, in one place: the checks on a frame's length and the
/// errors for a frame cut short. `ArchiveStreamReader`/`Writer` and the NIO frame handlers
/// all use these, so every reader refuses the same frames with the same kinds, offsets and
/// texts.
package enum ArchiveFraming {
    /// Checks the payload length a frame header declares, in the order of `Spec/STREAMS.md`
    /// §5: an empty payload, then one over `maximum`. `offset` is the frame's start.
    ///
    /// - Returns: the length as an `Int`. It is compared as the 32-bit number it is, so a
    ///   header of 2^31 or more is refused as too large where `Int` is 32 bits (every maximum
    ///   is an `Int`), not converted into a trap.
    package static func checkDeclaredLength(_ length: UInt32, maximum: Int, at offset: Int) throws(ArchiveStreamError) -> Int {
        guard length > 0 else {
            throw ArchiveStreamError(.emptyFrame, at: offset, "frame header at offset \(offset) declares an empty payload")
        }
        guard UInt64(length) <= UInt64(max(maximum, 0)) else {
            throw ArchiveStreamError(.messageTooLarge, at: offset,
                "frame at offset \(offset) declares a payload of \(length) bytes, over the maximum of \(maximum)")
        }
        return Int(length)
    }

    /// `offset` moved `count` bytes on, or `Int.max` if that is further. Stream offsets are only
    /// reported (in errors and `offset`), never sought to, and a long-lived stream passes
    /// `Int.max` bytes where `Int` is 32 bits (2 GiB): its offsets then stay at `Int.max`
    /// instead of trapping.
    package static func offset(_ offset: Int, advancedBy count: Int) -> Int {
        let (sum, overflow) = offset.addingReportingOverflow(count)
        return overflow ? Int.max : sum
    }

    /// Checks that a payload about to be written fits a frame: not empty, and short enough for
    /// the header's 32-bit length (compared as 64-bit numbers: `UInt32.max` is no `Int` where
    /// `Int` is 32 bits).
    package static func checkPayloadToWrite(count: Int) throws(ArchiveStreamError) {
        guard count > 0 else {
            throw ArchiveStreamError(.emptyFrame, at: nil, "a frame cannot have an empty payload")
        }
        guard UInt64(count) <= UInt64(UInt32.max) else {
            throw ArchiveStreamError(.messageTooLarge, at: nil, "payload of \(count) bytes does not fit a frame's 32-bit length")
        }
    }

    /// The error for a stream that ends `bytesRead` bytes into the header of the frame at
    /// `offset` (fewer than the header's 4).
    package static func truncatedHeader(at offset: Int, bytesRead: Int) -> ArchiveStreamError {
        let missing = ArchiveStreamWriter.headerSize - bytesRead
        return ArchiveStreamError(.truncatedFrame, at: offset, missingByteCount: missing,
            "truncated last frame: the stream ends \(bytesRead) byte(s) into the frame header at offset \(offset); at least \(missing) byte(s) missing")
    }

    /// The error for a stream that ends `bytesRead` bytes into the payload of the frame at
    /// `offset`, whose header declared `declared` bytes.
    package static func truncatedPayload(at offset: Int, declared: Int, bytesRead: Int) -> ArchiveStreamError {
        let missing = declared - bytesRead
        return ArchiveStreamError(.truncatedFrame, at: offset, missingByteCount: missing,
            "truncated last frame: the frame at offset \(offset) declares \(declared) payload bytes but the stream ends after \(bytesRead); \(missing) byte(s) missing")
    }
}

/// The frame rules of `Spec/STREAMS.md`, in one place: the checks on a frame's length and the
/// errors for a frame cut short. `ArchiveStreamReader`/`Writer` and the NIO frame handlers
/// all use these, so every reader refuses the same frames with the same kinds, offsets and
/// texts.
package enum ArchiveFraming {
    /// Checks the payload length a frame header declares, in the order of `Spec/STREAMS.md`
    /// §5: an empty payload, then one over `maximum`. `offset` is the frame's start, a stream
    /// position (`position(_:advancedBy:)`).
    ///
    /// - Returns: the length as an `Int`. It is compared as the 32-bit number it is, so a
    ///   header of 2^31 or more is refused as too large where `Int` is 32 bits (every maximum
    ///   is an `Int`), not converted into a trap.
    package static func checkDeclaredLength(_ length: UInt32, maximum: Int, at offset: Int64) throws(ArchiveStreamError) -> Int {
        guard length > 0 else {
            throw ArchiveStreamError(.emptyFrame, at: reported(offset), "frame header at offset \(spelled(offset)) declares an empty payload")
        }
        guard UInt64(length) <= UInt64(max(maximum, 0)) else {
            throw ArchiveStreamError(.messageTooLarge, at: reported(offset),
                "frame at offset \(spelled(offset)) declares a payload of \(length) bytes, over the maximum of \(maximum)")
        }
        return Int(length)
    }

    /// Stream position `position` moved `count` bytes on, or `unknownPosition` if that is
    /// further (or `position` is unknown already).
    ///
    /// Positions are counted in `Int64` whatever `Int`'s width: a log or a connection passes
    /// `Int.max` bytes where `Int` is 32 bits (2 GiB), and an offset stuck there would tell a
    /// user who truncates a log to a torn frame's offset to cut it in the wrong place. Only a
    /// reader created at an offset within `count` of `Int64.max` reaches `unknownPosition`.
    package static func position(_ position: Int64, advancedBy count: Int) -> Int64 {
        guard position != unknownPosition else { return unknownPosition }
        let (sum, overflow) = position.addingReportingOverflow(Int64(count))
        return overflow ? unknownPosition : sum
    }

    /// The position a stream reaches once it can no longer be counted: never reported.
    package static let unknownPosition = Int64.max

    /// `position` as an error's reason names it.
    static func spelled(_ position: Int64) -> String {
        position == unknownPosition ? "past \(unknownPosition - 1)" : String(position)
    }

    /// `position` as the `offset` of an error or a reader: `nil` where `Native` (the platform's
    /// `Int`) cannot hold it, or the position is unknown. Never a wrong offset: the messages
    /// still name the position.
    package static func reported<Native: FixedWidthInteger>(_ position: Int64, as _: Native.Type = Int.self) -> Native? {
        position == unknownPosition ? nil : Native(exactly: position)
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
    package static func truncatedHeader(at offset: Int64, bytesRead: Int) -> ArchiveStreamError {
        let missing = ArchiveStreamWriter.headerSize - bytesRead
        return ArchiveStreamError(.truncatedFrame, at: reported(offset), missingByteCount: missing,
            "truncated last frame: the stream ends \(bytesRead) byte(s) into the frame header at offset \(spelled(offset)); at least \(missing) byte(s) missing")
    }

    /// The error for a stream that ends `bytesRead` bytes into the payload of the frame at
    /// `offset`, whose header declared `declared` bytes.
    package static func truncatedPayload(at offset: Int64, declared: Int, bytesRead: Int) -> ArchiveStreamError {
        let missing = declared - bytesRead
        return ArchiveStreamError(.truncatedFrame, at: reported(offset), missingByteCount: missing,
            "truncated last frame: the frame at offset \(spelled(offset)) declares \(declared) payload bytes but the stream ends after \(bytesRead); \(missing) byte(s) missing")
    }
}

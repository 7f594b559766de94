/// Writing a container's header before its size is known, and fixing it up afterwards.
///
/// A container is written as `tag, length varint[, count varint], payload`. Its size is only
/// known once its last element is written, so the writer reserves one byte per varint and, when
/// the real varints are longer, moves the payload right by the difference (one `memmove`).
/// Small containers (under 128 bytes, under 128 elements) never move.
enum ContainerLayout {
    enum Kind { case keyed, unkeyed }

    /// Writes the tag and reserved varint bytes; returns the offset where the payload starts.
    @inline(__always)
    static func open(_ kind: Kind, in writer: inout ByteWriter) -> Int {
        switch kind {
        case .keyed:
            writer.reserve(2)
            writer.append(WireTag.keyed)
            writer.append(0)
        case .unkeyed:
            writer.reserve(3)
            writer.append(WireTag.unkeyed)
            writer.append(0)
            writer.append(0)
        }
        return writer.count
    }

    /// Writes the final length (and count) of the container whose payload starts at
    /// `payloadStart` and ends at the writer's end. An empty container becomes its one-byte form.
    static func close(_ kind: Kind, payloadStart: Int, count: Int, in writer: inout ByteWriter) {
        let payload = writer.count - payloadStart
        if payload == 0 {
            let tagOffset = payloadStart - (kind == .keyed ? 2 : 3)
            writer.truncate(to: tagOffset + 1)
            writer.setByte(kind == .keyed ? WireTag.emptyKeyed : WireTag.emptyUnkeyed, at: tagOffset)
            return
        }
        switch kind {
        case .keyed:
            let lengthSize = varintSize(UInt64(payload))
            if lengthSize > 1 { writer.insertGap(at: payloadStart, size: lengthSize - 1) }
            writer.setVarint(UInt64(payload), at: payloadStart - 1)
        case .unkeyed:
            let countSize = varintSize(UInt64(count))
            let length = countSize + payload
            let lengthSize = varintSize(UInt64(length))
            let extra = lengthSize + countSize - 2
            if extra > 0 { writer.insertGap(at: payloadStart, size: extra) }
            let slot = payloadStart - 2
            writer.setVarint(UInt64(length), at: slot)
            writer.setVarint(UInt64(count), at: slot + lengthSize)
        }
    }
}

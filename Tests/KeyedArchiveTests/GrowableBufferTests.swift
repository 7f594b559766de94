import Foundation
import Testing
@testable import KeyedArchive

// The owning buffers (Wire/GrowableBuffer.swift, the one type that allocates, grows and frees
// a writer's memory) and what is built on them: ByteWriter, FrameStack, the decoder's key slots
// and message cursors, the stream writer's frames. They free their storage when they go out of scope, so these tests also run under ASan/TSan
// in .ci/run without a free written by hand.

@Suite struct GrowableBufferTests {
    @Test func appendsRunsCommitsReservedRoomAndHandsItsMemoryOn() {
        var buffer = GrowableBuffer<UInt16>(capacity: 1)
        buffer.append(repeating: 7, count: 0)
        #expect(buffer.count == 0)
        buffer.append(repeating: 7, count: 1_000)
        buffer.append(9)
        #expect(buffer.count == 1_001 && buffer.capacity >= 1_001)
        #expect(buffer.indices.dropLast().allSatisfy { buffer[$0] == 7 } && buffer.last == 9)
        // Room reserved, written past `count`, then counted.
        buffer.reserve(3)
        for offset in 0..<3 { (buffer.base + buffer.count + offset).initialize(to: UInt16(100 + offset)) }
        buffer.commit(3)
        #expect(buffer.count == 1_004 && buffer[1_003] == 102)
        let (memory, count) = buffer.takeMemory()
        #expect(count == 1_004)
        #expect(memory.load(fromByteOffset: 1_001 * 2, as: UInt16.self) == 100)
        free(memory)
    }

    @Test func keySlotsAndCursorsAreTakenAndGivenBackInOrder() {
        let slots = DirectKeySlots()
        let first = slots.take(3)
        let second = slots.take(100)
        #expect(first == 0 && second == 3 && slots.top == 103)
        slots.note(40, at: second + 99)
        slots.note(41, at: first + 1)
        slots.note(42, at: first + 1)
        #expect(slots[second + 99] == 40 && slots[first] == DirectKeySlots.absent && slots[first + 1] == DirectKeySlots.ambiguous)
        slots.top = 3
        #expect(slots.take(2) == 3 && slots[3] == DirectKeySlots.absent && slots[4] == DirectKeySlots.absent)
        slots.reset()
        #expect(slots.top == 0)

        let cursors = MessageCursors()
        let few = ArchiveKeySet((0..<3).map { NumberedKey(intValue: $0) })
        let many = ArchiveKeySet((0..<130).map { NumberedKey(intValue: $0) })
        let container = ValueLocation(offset: 0, limit: 100)
        for index in 0..<40 { #expect(cursors.push(start: index, end: index + 1, container: container, keys: few) == index) }
        for index in 0..<40 where index >= 20 { cursors.advance(index, to: index + 1, count: 1) }
        #expect(cursors.closeAll(from: 20) && cursors.count == 20)
        #expect(!cursors.closeAll(from: 10) && cursors.count == 10)
        // Positions from 64 on have their bits beside the cursors, two words for 130 positions,
        // and give them back when their cursors close.
        let wide = cursors.push(start: 0, end: 0, container: container, keys: many)
        #expect(cursors.wideSeen.count == 2)
        for position in [0, 63, 64, 127, 128, 129] {
            #expect(!cursors.hasMet(position, cursor: wide))
            #expect(cursors.enter(position, valueAt: 0, at: cursors.pointer(to: wide)))
            #expect(!cursors.enter(position, valueAt: 0, at: cursors.pointer(to: wide)), "a position met twice is a repeated key")
            #expect(cursors.hasMet(position, cursor: wide))
        }
        #expect(!cursors.hasMet(65, cursor: wide) && !cursors.hasMet(1, cursor: wide))
        let narrow = cursors.push(start: 0, end: 0, container: container, keys: few)
        #expect(cursors.enter(2, valueAt: 0, at: cursors.pointer(to: narrow)) && !cursors.hasMet(2, cursor: wide))
        #expect(cursors.closeAll(from: 10) && cursors.count == 10 && cursors.wideSeen.count == 0)
        cursors.reset()
        #expect(cursors.count == 0)
    }

    /// A key that is its integer.
    struct NumberedKey: CodingKey {
        let intValue: Int?
        var stringValue: String { "\(intValue!)" }
        init(intValue: Int) { self.intValue = intValue }
        init?(stringValue: String) { nil }
    }

    @Test func aStreamFrameIsTheLengthAndThePayload() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        let writer = ArchiveStreamWriter(fileDescriptor: ends[1])
        try writer.writeFrame(Data([1, 2, 3]))
        try writer.close()
        var bytes = [UInt8](repeating: 0, count: 16)
        let count = read(ends[0], &bytes, 16)
        close(ends[0])
        #expect(count == 7 && Array(bytes.prefix(7)) == [3, 0, 0, 0, 1, 2, 3])
    }

    @Test func growsPastItsCapacityKeepingEveryElement() {
        var buffer = GrowableBuffer<Int>(capacity: 1)
        for i in 0..<10_000 { buffer.append(i * 3) }
        #expect(buffer.count == 10_000)
        #expect(buffer.indices.allSatisfy { buffer[$0] == $0 * 3 })
        #expect(buffer.first == 0)
        #expect(buffer.last == 29_997)
    }

    @Test func modifiesInPlaceRemovesAndTruncates() {
        var buffer = GrowableBuffer<ContainerRecord>(capacity: 4)
        #expect(buffer.first == nil && buffer.last == nil)
        for i in 0..<6 { buffer.append(ContainerRecord(parent: i - 1, offset: i * 10)) }
        buffer[2].cutOff()
        #expect(!buffer[2].isLive && buffer[1].isLive && buffer[3].isLive)
        #expect(buffer.lastIndex { !$0.isLive } == 2)
        #expect(buffer.lastIndex { $0.offset == 99 } == nil)
        #expect(buffer.removeLast().offset == 50)
        buffer.truncate(to: 2)
        #expect(buffer.count == 2)
        buffer.append(ContainerRecord(parent: 7, offset: 8))
        #expect(buffer[2].parent == 7 && buffer[2].isLive)
    }

    @Test func frameStackKeepsSmallAndLargeKeysPerFrame() {
        var stack = FrameStack()
        let frame = { (serial: Int) in OpenFrame(id: ContainerID(sink: 0, serial: serial), kind: .keyed, payloadStart: serial, isVirtual: false) }
        stack.append(frame(0))
        stack.append(frame(1))
        for key: UInt64 in [0, 63, 64, 1 << 40] {
            let first = stack.insertKey(key, inFrame: 1)
            let second = stack.insertKey(key, inFrame: 1)
            let otherFrame = stack.insertKey(key, inFrame: 0)
            #expect(!first && second && !otherFrame, "key \(key)")
        }
        stack.removeLargeKey(64, inFrame: 1)
        let afterRemoval = stack.insertKey(64, inFrame: 1)
        #expect(!afterRemoval)
        // A frame pushed where a popped one was starts with no keys at all.
        _ = stack.removeLast()
        stack.append(frame(2))
        for key: UInt64 in [0, 63, 64, 1 << 40] {
            let had = stack.insertKey(key, inFrame: 1)
            #expect(!had, "reused index, key \(key)")
        }
        stack[1].count += 5
        #expect(stack.last?.count == 5 && stack.last?.id.serial == 2)
        #expect(stack.lastIndex { $0.id.serial == 0 } == 0)
        stack.removeLast(2)
        #expect(stack.count == 0)
    }

    @Test func byteWriterGrowsPatchesAndHandsItsBytesToData() throws {
        var writer = ByteWriter(capacity: 1)
        var expected: [UInt8] = []
        for i in 0..<5_000 {
            writer.append(UInt8(truncatingIfNeeded: i))
            expected.append(UInt8(truncatingIfNeeded: i))
        }
        #expect(writer.capacity >= 5_000 && writer.count == 5_000)
        for value: UInt64 in [0, 0x7F, 0x80, 0x3FFF, 0x4000, UInt64(UInt32.max), .max] {
            let before = writer.count
            writer.appendVarint(value)
            #expect(writer.count - before == varintSize(value), "varint \(value)")
            var p = before
            #expect(try ByteReader(writer.bytes).varint(at: &p, limit: writer.count) == value)
            expected.append(contentsOf: writer.bytes[before...])
        }
        // A gap opened before the end moves what follows; a patched varint fills it.
        writer.insertGap(at: 10, size: 3)
        #expect(writer.setVarint(0x4000, at: 10) == 3)
        expected.insert(contentsOf: [0x80, 0x80, 0x01], at: 10)
        writer.truncate(to: writer.count - 1)
        expected.removeLast()
        #expect(Array(writer.bytes) == expected)
        let data = writer.takeData()
        #expect(Array(data) == expected)
    }

    /// `append(_:)` of a run of bytes: every length from 0 to 40 (the short ones copied word by
    /// word, with overlapping words, the rest by `memmove`), from every alignment of the source
    /// and onto every alignment of the end, with the bytes on either side untouched.
    @Test func byteWriterAppendsRunsOfEveryShortLengthAtEveryAlignment() {
        let source = (0..<64).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        for length in 0...40 {
            for sourceOffset in 0..<8 {
                for lead in 0..<8 {
                    var writer = ByteWriter(capacity: 1)
                    var expected = [UInt8](repeating: 0xEE, count: lead)
                    for byte in expected { writer.append(byte) }
                    let run = Array(source[sourceOffset..<(sourceOffset + length)])
                    source.withUnsafeBytes { writer.append(UnsafeRawBufferPointer(rebasing: $0[sourceOffset..<(sourceOffset + length)])) }
                    writer.append(0xDD)
                    expected += run + [0xDD]
                    #expect(Array(writer.bytes) == expected, "length \(length), source offset \(sourceOffset), lead \(lead)")
                }
            }
        }
    }

    @Test func aSinkThatGaveItsBufferAwayWritesTheNextArchiveInANewOne() throws {
        // Archives above `largestCopiedArchive` take the main sink's buffer; the thread's spare
        // state must then write the next archive into a buffer of its own.
        let large = Array(repeating: "a string long enough to make the archive large", count: 2_000)
        let encoder = ArchiveEncoder()
        let first = try encoder.encode(large)
        let second = try encoder.encode(["small"])
        let third = try encoder.encode(large)
        #expect(first == third)
        #expect(try ArchiveDecoder().decode([String].self, from: first) == large)
        #expect(try ArchiveDecoder().decode([String].self, from: second) == ["small"])
    }
}

import Testing
@testable import KeyedArchive

// The encoder's plain-data buffers: RecordBuffer (Wire/) and the FrameStack built on it.

@Suite struct RecordBufferTests {
    @Test func growsPastItsCapacityKeepingEveryElement() {
        var buffer = RecordBuffer<Int>(capacity: 1)
        defer { buffer.deallocate() }
        for i in 0..<10_000 { buffer.append(i * 3) }
        #expect(buffer.count == 10_000)
        #expect(buffer.indices.allSatisfy { buffer[$0] == $0 * 3 })
        #expect(buffer.first == 0)
        #expect(buffer.last == 29_997)
    }

    @Test func modifiesInPlaceRemovesAndTruncates() {
        var buffer = RecordBuffer<ContainerRecord>(capacity: 4)
        defer { buffer.deallocate() }
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
        defer { stack.deallocate() }
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
}

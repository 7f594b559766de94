import Foundation
import Testing
import KeyedArchive

// Deep nesting: the encoder and decoder must throw past their depth limit, never overflow the
// stack, and accept exactly `maximumDepth` levels on both sides.

fileprivate let expectedLevelsKey = CodingUserInfoKey(rawValue: "expectedLevels")!

fileprivate enum LoopKey: Int, CodingKey { case next = 0, value = 1 }

/// Opens `levels` unkeyed containers (the root's and `levels - 1` nested ones, in a loop),
/// then writes 42 into the innermost.
fileprivate struct UnkeyedLoop: Encodable {
    let levels: Int
    func encode(to encoder: any Encoder) throws {
        var c = encoder.unkeyedContainer()
        for _ in 1..<levels { c = c.nestedUnkeyedContainer() }
        try c.encode(42)
    }
}

/// Same with `nestedContainer(keyedBy:forKey:)`.
fileprivate struct KeyedLoop: Encodable {
    let levels: Int
    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: LoopKey.self)
        for _ in 1..<levels { c = c.nestedContainer(keyedBy: LoopKey.self, forKey: .next) }
        try c.encode(42, forKey: .value)
    }
}

/// Reads what `UnkeyedLoop` wrote with a loop (no recursion): the number of levels and the value.
fileprivate struct UnkeyedLoopReader: Decodable {
    var levels = 1
    var value = 0
    init(from decoder: any Decoder) throws {
        var c = try decoder.unkeyedContainer()
        if let expected = decoder.userInfo[expectedLevelsKey] as? Int {
            // The shape is known: open exactly that many containers.
            for _ in 1..<expected {
                c = try c.nestedUnkeyedContainer()
                levels += 1
            }
            value = try c.decode(Int.self)
            return
        }
        // Otherwise open containers until the element is not one.
        while true {
            do {
                c = try c.nestedUnkeyedContainer()
                levels += 1
            } catch DecodingError.typeMismatch {
                value = try c.decode(Int.self)
                return
            }
        }
    }
}

fileprivate struct KeyedLoopReader: Decodable {
    var levels = 1
    var value = 0
    init(from decoder: any Decoder) throws {
        var c = try decoder.container(keyedBy: LoopKey.self)
        while c.contains(.next) {
            c = try c.nestedContainer(keyedBy: LoopKey.self, forKey: .next)
            levels += 1
        }
        value = try c.decode(Int.self, forKey: .value)
    }
}

/// Decodes nested unkeyed containers by recursion through `decode(_:)`.
fileprivate struct RecursiveUnkeyed: Decodable {
    var levels: Int
    init(from decoder: any Decoder) throws {
        var c = try decoder.unkeyedContainer()
        if c.count == 1, (try? c.decode(Int.self)) != nil {
            levels = 1
        } else {
            levels = try c.decode(RecursiveUnkeyed.self).levels + 1
        }
    }
}

/// Same for keyed containers.
fileprivate struct RecursiveKeyed: Decodable {
    var levels: Int
    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: LoopKey.self)
        if let inner = try c.decodeIfPresent(RecursiveKeyed.self, forKey: .next) {
            levels = inner.levels + 1
        } else {
            _ = try c.decode(Int.self, forKey: .value)
            levels = 1
        }
    }
}

/// A recursive value generated on the fly: `remaining + 1` levels, each one keyed container.
fileprivate struct Lazy: Codable {
    var remaining: Int
    enum CodingKeys: String, CodingKey { case child, leaf }
    init(remaining: Int) { self.remaining = remaining }
    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        if remaining > 0 {
            try c.encode(Lazy(remaining: remaining - 1), forKey: .child)
        } else {
            try c.encode(true, forKey: .leaf)
        }
    }
    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        if let child = try c.decodeIfPresent(Lazy.self, forKey: .child) {
            remaining = child.remaining + 1
        } else {
            #expect(try c.decode(Bool.self, forKey: .leaf))
            remaining = 0
        }
    }
}

fileprivate final class Chain: Codable {
    var value: Int
    var next: Chain?
    init(value: Int, next: Chain?) { self.value = value; self.next = next }
}

/// Builds a chain of `length` nodes.
fileprivate func makeChain(_ length: Int) -> Chain {
    var head = Chain(value: 0, next: nil)
    for i in 1..<length { head = Chain(value: i, next: head) }
    return head
}

/// Frees a chain without recursion (a recursive release of 100 000 nodes could itself overflow
/// the stack in the test, which is not what is tested).
fileprivate func dismantle(_ head: inout Chain?) {
    var node = head
    head = nil
    while let current = node {
        node = current.next
        current.next = nil
    }
}

fileprivate func chainLength(_ head: Chain?) -> Int {
    var n = 0
    var node = head
    while let current = node { n += 1; node = current.next }
    return n
}

fileprivate indirect enum List: Codable {
    case end
    case node(Int, List)
}

fileprivate func dismantle(_ list: inout List) {
    var current = list
    list = .end
    while case .node(_, let next) = current { current = next }
}

// MARK: - Hand-built deep archives

fileprivate func varintSize(_ value: Int) -> Int { varint(UInt64(value)).count }

/// `levels` containers with wire tag `tag` nested by hand: each outer one holds one byte
/// `lead` (count or key) then the next; the innermost is `innermost`.
/// Header 4B 41 52 43 01 00, the containers, then an empty key table (00).
fileprivate func deepArchive(levels: Int, tag: UInt8, lead: UInt8, innermost: [UInt8]) -> [UInt8] {
    var payloadLengths: [Int] = []
    var total = innermost.count
    for _ in 1..<levels {
        let payload = 1 + total  // lead byte + inner container
        payloadLengths.append(payload)
        total = 1 + varintSize(payload) + payload
    }
    var bytes: [UInt8] = [0x4B, 0x41, 0x52, 0x43, 0x01, 0x00]
    bytes.reserveCapacity(total + 8)
    for payload in payloadLengths.reversed() {
        bytes.append(tag)
        bytes += varint(UInt64(payload))
        bytes.append(lead)
    }
    bytes += innermost
    bytes.append(0x00)
    return bytes
}

/// `levels` unkeyed containers nested by hand (each outer one has count 1), the innermost
/// holding the integer 42.
fileprivate func deepUnkeyedArchive(levels: Int) -> [UInt8] {
    deepArchive(levels: levels, tag: 0x0D, lead: 0x01, innermost: [0x0D, 0x02, 0x01, 0x80 + 42])
}

/// `levels` keyed containers, each holding the next under integer key 0 (wire 00); the
/// innermost holds 42 under integer key 1 (wire 04).
fileprivate func deepKeyedArchive(levels: Int) -> [UInt8] {
    deepArchive(levels: levels, tag: 0x0C, lead: 0x00, innermost: [0x0C, 0x02, 0x04, 0x80 + 42])
}

// MARK: - Expectations

fileprivate func expectDepthEncodingError<T: Encodable>(_ value: T, maximumDepth: Int = 512, sourceLocation: SourceLocation = #_sourceLocation) {
    var encoder = ArchiveEncoder()
    encoder.maximumDepth = maximumDepth
    do {
        let data = try encoder.encode(value)
        Issue.record("encoding \(T.self) succeeded (\(data.count) bytes) past the depth limit \(maximumDepth)", sourceLocation: sourceLocation)
    } catch EncodingError.invalidValue(_, let context) {
        #expect(context.debugDescription.localizedCaseInsensitiveContains("depth"), "\(context.debugDescription)", sourceLocation: sourceLocation)
    } catch {
        Issue.record("expected EncodingError.invalidValue, got \(error)", sourceLocation: sourceLocation)
    }
}

fileprivate func expectDepthDecodingError<T: Decodable>(_ type: T.Type, from bytes: [UInt8], maximumDepth: Int = 512, expectedLevels: Int? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
    var decoder = ArchiveDecoder()
    decoder.limits.maximumDepth = maximumDepth
    if let expectedLevels { decoder.userInfo[expectedLevelsKey] = expectedLevels }
    do {
        _ = try decoder.decode(type, from: bytes)
        Issue.record("decoding \(T.self) succeeded past the depth limit \(maximumDepth)", sourceLocation: sourceLocation)
    } catch DecodingError.dataCorrupted(let context) {
        let format = context.underlyingError as? ArchiveFormatError
        #expect(format?.kind == .limitExceeded, "\(context)", sourceLocation: sourceLocation)
    } catch {
        Issue.record("expected dataCorrupted(limitExceeded), got \(error)", sourceLocation: sourceLocation)
    }
}

fileprivate struct DepthLimits: Sendable, CustomTestStringConvertible {
    var encoder: Int
    var decoder: Int
    var testDescription: String { "encoder \(encoder), decoder \(decoder)" }
}

@Suite struct RobustnessDepthTests {
    // MARK: Encoding far too deep

    @Test func hundredThousandNestedUnkeyedContainersThrow() {
        expectDepthEncodingError(UnkeyedLoop(levels: 100_000))
    }

    @Test func hundredThousandNestedKeyedContainersThrow() {
        expectDepthEncodingError(KeyedLoop(levels: 100_000))
    }

    @Test func hundredThousandRecursiveEncodesThrow() {
        expectDepthEncodingError(Lazy(remaining: 100_000))
    }

    @Test func hundredThousandNodeClassChainThrows() {
        var chain: Chain? = makeChain(100_000)
        #expect(chainLength(chain) == 100_000)
        expectDepthEncodingError(chain!)
        expectDepthEncodingError([chain!])
        dismantle(&chain)
    }

    @Test func hundredThousandNodeIndirectEnumThrows() {
        var list = List.end
        for i in 0..<100_000 { list = .node(i, list) }
        expectDepthEncodingError(list)
        dismantle(&list)
    }

    // MARK: Exactly at the limit

    @Test(arguments: [
        DepthLimits(encoder: 512, decoder: 512),
        DepthLimits(encoder: 10, decoder: 10),
        DepthLimits(encoder: 1, decoder: 1),
        DepthLimits(encoder: 1000, decoder: 1000),
    ])
    fileprivate func containersExactlyAtTheLimit(_ limits: DepthLimits) throws {
        var encoder = ArchiveEncoder()
        encoder.maximumDepth = limits.encoder
        var decoder = ArchiveDecoder()
        decoder.limits.maximumDepth = limits.decoder
        let n = limits.encoder

        let unkeyed = try encoder.encode(UnkeyedLoop(levels: n))
        var counted = decoder
        counted.userInfo[expectedLevelsKey] = n
        let readU = try counted.decode(UnkeyedLoopReader.self, from: unkeyed)
        #expect(readU.levels == n)
        #expect(readU.value == 42)
        #expect(try decoder.decode(RecursiveUnkeyed.self, from: unkeyed).levels == n)
        // The encoder's bytes are exactly the hand-built ones.
        #expect([UInt8](unkeyed) == deepUnkeyedArchive(levels: n))

        let keyed = try encoder.encode(KeyedLoop(levels: n))
        let readK = try decoder.decode(KeyedLoopReader.self, from: keyed)
        #expect(readK.levels == n)
        #expect(readK.value == 42)
        #expect(try decoder.decode(RecursiveKeyed.self, from: keyed).levels == n)
        #expect([UInt8](keyed) == deepKeyedArchive(levels: n))

        let lazy = try encoder.encode(Lazy(remaining: n - 1))
        #expect(try decoder.decode(Lazy.self, from: lazy).remaining == n - 1)

        var chain: Chain? = makeChain(n)
        let chainData = try encoder.encode(chain!)
        dismantle(&chain)
        var back: Chain? = try decoder.decode(Chain.self, from: chainData)
        #expect(chainLength(back) == n)
        #expect(back?.value == n - 1)
        dismantle(&back)
    }

    @Test(arguments: [
        DepthLimits(encoder: 512, decoder: 512),
        DepthLimits(encoder: 10, decoder: 10),
        DepthLimits(encoder: 1, decoder: 1),
        DepthLimits(encoder: 1000, decoder: 1000),
    ])
    fileprivate func oneLevelPastTheLimitFailsOnBothSides(_ limits: DepthLimits) throws {
        let n = limits.encoder + 1
        expectDepthEncodingError(UnkeyedLoop(levels: n), maximumDepth: limits.encoder)
        expectDepthEncodingError(KeyedLoop(levels: n), maximumDepth: limits.encoder)
        expectDepthEncodingError(Lazy(remaining: n - 1), maximumDepth: limits.encoder)
        var chain: Chain? = makeChain(n)
        expectDepthEncodingError(chain!, maximumDepth: limits.encoder)
        // An encoder allowed one more level writes them; the decoder refuses them.
        var permissive = ArchiveEncoder()
        permissive.maximumDepth = n
        let chainData = try permissive.encode(chain!)
        dismantle(&chain)
        expectDepthDecodingError(Chain.self, from: [UInt8](chainData), maximumDepth: limits.decoder)

        let unkeyed = [UInt8](try permissive.encode(UnkeyedLoop(levels: n)))
        #expect(unkeyed == deepUnkeyedArchive(levels: n))
        expectDepthDecodingError(UnkeyedLoopReader.self, from: unkeyed, maximumDepth: limits.decoder)
        expectDepthDecodingError(UnkeyedLoopReader.self, from: unkeyed, maximumDepth: limits.decoder, expectedLevels: n)
        expectDepthDecodingError(RecursiveUnkeyed.self, from: unkeyed, maximumDepth: limits.decoder)
        let keyed = [UInt8](try permissive.encode(KeyedLoop(levels: n)))
        expectDepthDecodingError(KeyedLoopReader.self, from: keyed, maximumDepth: limits.decoder)
        expectDepthDecodingError(RecursiveKeyed.self, from: keyed, maximumDepth: limits.decoder)
        let lazy = [UInt8](try permissive.encode(Lazy(remaining: n - 1)))
        expectDepthDecodingError(Lazy.self, from: lazy, maximumDepth: limits.decoder)
        // A decoder with a higher limit reads them.
        var raised = ArchiveDecoder()
        raised.limits.maximumDepth = n
        raised.userInfo[expectedLevelsKey] = n
        #expect(try raised.decode(UnkeyedLoopReader.self, from: unkeyed).levels == n)
        #expect(try raised.decode(Lazy.self, from: lazy).remaining == n - 1)
    }

    @Test func defaultLimitIs512() {
        #expect(ArchiveEncoder().maximumDepth == 512)
        #expect(ArchiveDecoder().limits.maximumDepth == 512)
        #expect(ArchiveDecoder().limits.maximumInflatedSize == 256 << 20)
    }

    // MARK: Decoding hostile deep archives

    @Test func hundredThousandNestedUnkeyedBytesThrow() {
        let bytes = deepUnkeyedArchive(levels: 100_000)
        expectDepthDecodingError(RecursiveUnkeyed.self, from: bytes)
        expectDepthDecodingError(UnkeyedLoopReader.self, from: bytes)
        expectDepthDecodingError(UnkeyedLoopReader.self, from: bytes, expectedLevels: 100_000)
        // Types that do not match the shape fail too (any DecodingError), without crashing.
        #expect(throws: DecodingError.self) { try ArchiveDecoder().decode([[Int]].self, from: bytes) }
        #expect(throws: DecodingError.self) { try ArchiveDecoder().decode([Int].self, from: bytes) }
        #expect(throws: DecodingError.self) { try ArchiveDecoder().decode(Lazy.self, from: bytes) }
        #expect(throws: DecodingError.self) { try ArchiveDecoder().decode(Int.self, from: bytes) }
    }

    @Test func hundredThousandNestedKeyedBytesThrow() {
        let bytes = deepKeyedArchive(levels: 100_000)
        expectDepthDecodingError(RecursiveKeyed.self, from: bytes)
        expectDepthDecodingError(KeyedLoopReader.self, from: bytes)
        #expect(throws: DecodingError.self) { try ArchiveDecoder().decode([Int: [Int: Int]].self, from: bytes) }
        #expect(throws: DecodingError.self) { try ArchiveDecoder().decode(String.self, from: bytes) }
    }

    @Test func deepArchiveReadWithALoopUnderARaisedLimit() throws {
        // No recursion in user code: with the limit raised, 100 000 levels read fine.
        var decoder = ArchiveDecoder()
        decoder.limits.maximumDepth = 200_000
        let read = try decoder.decode(UnkeyedLoopReader.self, from: deepUnkeyedArchive(levels: 100_000))
        #expect(read.levels == 100_000)
        #expect(read.value == 42)
        let keyed = try decoder.decode(KeyedLoopReader.self, from: deepKeyedArchive(levels: 100_000))
        #expect(keyed.levels == 100_000)
        #expect(keyed.value == 42)
    }
}

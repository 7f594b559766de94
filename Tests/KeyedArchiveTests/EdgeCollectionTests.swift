import Foundation
import Testing
import KeyedArchive

// Collections: empty ones of every packed type, huge packed arrays, widening / narrowing of
// packed elements through the generic path, nesting, large dictionaries.

fileprivate struct Point: Codable, Hashable {
    var x: Int
    var y: Double
    var label: String
}

fileprivate func checkRoundTrip<T: Codable & Equatable>(_ value: T, sourceLocation: SourceLocation = #_sourceLocation) {
    for compression in [ArchiveCompression.none, .zlib] {
        do {
            let back = try roundTrip(value, compression)
            #expect(back == value, "\(T.self) \(compression)", sourceLocation: sourceLocation)
        } catch {
            Issue.record("\(T.self) \(compression) threw \(error)", sourceLocation: sourceLocation)
        }
    }
}

fileprivate func isDataCorrupted(_ error: any Error) -> Bool {
    if case DecodingError.dataCorrupted = error { return true }
    return false
}

fileprivate struct Wrapped<T: Codable & Equatable>: Codable, Equatable {
    var items: T
    var after: Int = 7
}

@Suite struct EdgeCollectionTests {
    @Test func emptyCollectionsOfEveryPackedType() {
        checkRoundTrip([Double]())
        checkRoundTrip([Float]())
        checkRoundTrip([Int]())
        checkRoundTrip([Int64]())
        checkRoundTrip([Int32]())
        checkRoundTrip([Int16]())
        checkRoundTrip([Int8]())
        checkRoundTrip([UInt]())
        checkRoundTrip([UInt64]())
        checkRoundTrip([UInt32]())
        checkRoundTrip([UInt16]())
        checkRoundTrip([UInt8]())
        checkRoundTrip([Point]())
        checkRoundTrip([String]())
        checkRoundTrip([Bool]())
        checkRoundTrip([Int?]())
        checkRoundTrip([[Int]]())
        checkRoundTrip(Set<Int>())
        checkRoundTrip(Set<Point>())
        checkRoundTrip([String: Int]())
        checkRoundTrip([Int: Int]())
        checkRoundTrip([String: [Double]]())
        checkRoundTrip(ContiguousArray<Double>())
        checkRoundTrip(Data())
        // In keyed position, followed by another key (the empty value must not swallow it).
        checkRoundTrip(Wrapped(items: [Double]()))
        checkRoundTrip(Wrapped(items: [Int8]()))
        checkRoundTrip(Wrapped(items: [Point]()))
        checkRoundTrip(Wrapped(items: [String: Int]()))
        checkRoundTrip(Wrapped(items: Set<String>()))
        checkRoundTrip([[Double](), [], [1.5], []])
        checkRoundTrip([[String: Int](), [:]])
    }

    @Test func emptyPackedArraysReadAsOtherElementTypes() throws {
        let empty = try ArchiveEncoder().encode([Int32]())
        #expect(try ArchiveDecoder().decode([Int64].self, from: empty) == [])
        #expect(try ArchiveDecoder().decode([Double].self, from: empty) == [])
        #expect(try ArchiveDecoder().decode([Int8].self, from: empty) == [])
        #expect(try ArchiveDecoder().decode(Set<Int>.self, from: empty) == [])
        #expect(try ArchiveDecoder().decode([String].self, from: empty) == [])
    }

    @Test func packedTypesAtTheirLimits() {
        checkRoundTrip([Double.greatestFiniteMagnitude, -0.0, .infinity, -.infinity, .leastNonzeroMagnitude])
        checkRoundTrip([Float.greatestFiniteMagnitude, -0.0, .infinity, .leastNonzeroMagnitude])
        checkRoundTrip([Int.min, -1, 0, 1, Int.max])
        checkRoundTrip([Int64.min, Int64.max])
        checkRoundTrip([Int32.min, -1, Int32.max])
        checkRoundTrip([Int16.min, -1, Int16.max])
        checkRoundTrip([Int8.min, -1, 0, Int8.max])
        checkRoundTrip([UInt.max, 0])
        checkRoundTrip([UInt64.max, 0, 1 << 63])
        checkRoundTrip([UInt32.max, 0])
        checkRoundTrip([UInt16.max, 0])
        checkRoundTrip([UInt8.max, 0])
        checkRoundTrip([Int128.min, Int128.max])
        checkRoundTrip([UInt128.max, 0])
    }

    @Test func millionDoublesArePacked() throws {
        let values = (0..<1_000_000).map { Double($0) * 0.25 - 1000 }
        let data = try ArchiveEncoder().encode(values)
        #expect(data.count >= 8_000_000)
        #expect(data.count <= 8_000_000 + 32, "archive of 1M doubles is \(data.count) bytes")
        #expect(try ArchiveDecoder().decode([Double].self, from: data) == values)
        // Keyed position too.
        let wrapped = try ArchiveEncoder().encode(Wrapped(items: values))
        #expect(wrapped.count <= 8_000_000 + 48)
        #expect(try ArchiveDecoder().decode(Wrapped<[Double]>.self, from: wrapped).items == values)
    }

    @Test func millionIntsArePacked() throws {
        let values: [Int] = (0..<1_000_000).map { (i: Int) -> Int in i &* 2_654_435_761 &- 12345 }
        let data = try ArchiveEncoder().encode(values)
        #expect(data.count >= 8_000_000)
        #expect(data.count <= 8_000_000 + 32, "archive of 1M ints is \(data.count) bytes")
        #expect(try ArchiveDecoder().decode([Int].self, from: data) == values)
        #expect(try ArchiveDecoder().decode([Int64].self, from: data) == values.map(Int64.init))
    }

    @Test func millionInt32ReadBackAsInt64Widens() throws {
        let values = (0..<1_000_000).map { Int32(truncatingIfNeeded: $0 &* 48271 &- 500_000) }
        let data = try ArchiveEncoder().encode(values)
        #expect(data.count <= 4_000_000 + 32)
        let wide = try ArchiveDecoder().decode([Int64].self, from: data)
        #expect(wide.count == values.count)
        #expect(wide == values.map(Int64.init))
    }

    @Test func packedElementsWidenThroughTheGenericPath() throws {
        let i8: [Int8] = [-128, -1, 0, 1, 127]
        let d8 = try ArchiveEncoder().encode(i8)
        #expect(try ArchiveDecoder().decode([Int].self, from: d8) == [-128, -1, 0, 1, 127])
        #expect(try ArchiveDecoder().decode([Int16].self, from: d8) == [-128, -1, 0, 1, 127])
        #expect(try ArchiveDecoder().decode([Double].self, from: d8) == [-128, -1, 0, 1, 127])
        #expect(try ArchiveDecoder().decode([Int128].self, from: d8) == [Int128(-128), -1, 0, 1, 127])
        #expect(throws: DecodingError.self) { try ArchiveDecoder().decode([UInt8].self, from: d8) }
        #expect(throws: DecodingError.self) { try ArchiveDecoder().decode([UInt].self, from: d8) }

        let u32: [UInt32] = [0, UInt32.max]
        let d32 = try ArchiveEncoder().encode(u32)
        #expect(try ArchiveDecoder().decode([Int64].self, from: d32) == [0, Int64(UInt32.max)])
        #expect(try ArchiveDecoder().decode([UInt].self, from: d32) == [0, UInt(UInt32.max)])
        #expect(throws: DecodingError.self) { try ArchiveDecoder().decode([Int32].self, from: d32) }

        let floats: [Float] = [1.5, -0.0, .infinity]
        let df = try ArchiveEncoder().encode(floats)
        let doubles = try ArchiveDecoder().decode([Double].self, from: df)
        #expect(doubles.map(\.bitPattern) == [1.5, -0.0, Double.infinity].map(\.bitPattern))
        // Floating point never becomes an integer.
        #expect(throws: DecodingError.self) { try ArchiveDecoder().decode([Int].self, from: df) }
        // Doubles narrow to Float only when exact.
        #expect(try ArchiveDecoder().decode([Float].self, from: ArchiveEncoder().encode([0.5, -2.0])) == [0.5, -2.0])
        #expect(throws: DecodingError.self) { try ArchiveDecoder().decode([Float].self, from: ArchiveEncoder().encode([0.1])) }
    }

    @Test func intArrayReadAsInt8FailsWhenAValueDoesNotFit() throws {
        let data = try ArchiveEncoder().encode([1, 2, 300, 4])
        do {
            _ = try ArchiveDecoder().decode([Int8].self, from: data)
            Issue.record("300 decoded into Int8")
        } catch {
            #expect(isDataCorrupted(error), "expected dataCorrupted, got \(error)")
            if case DecodingError.dataCorrupted(let context) = error {
                #expect(context.codingPath.last?.intValue == 2, "path \(context.codingPath.map(\.stringValue))")
            }
        }
        let negative = try ArchiveEncoder().encode([1, -129])
        #expect(throws: DecodingError.self) { try ArchiveDecoder().decode([Int8].self, from: negative) }
        let fits = try ArchiveEncoder().encode([-128, 0, 127])
        #expect(try ArchiveDecoder().decode([Int8].self, from: fits) == [-128, 0, 127])
        #expect(try ArchiveDecoder().decode(Wrapped<[Int8]>.self, from: ArchiveEncoder().encode(Wrapped(items: [-128, 0, 127]))).items == [-128, 0, 127])
    }

    @Test func contiguousArrayDecodesFromAPackedArchive() throws {
        let values: [Double] = [1, -0.0, .nan, .infinity, 0x1p-1030]
        let data = try ArchiveEncoder().encode(values)
        let contiguous = try ArchiveDecoder().decode(ContiguousArray<Double>.self, from: data)
        #expect(contiguous.map(\.bitPattern) == values.map(\.bitPattern))
        // And the other way round: a non-packed archive of doubles reads as [Double].
        let generic = try ArchiveEncoder().encode(ContiguousArray(values))
        #expect(try ArchiveDecoder().decode([Double].self, from: generic).map(\.bitPattern) == values.map(\.bitPattern))
        let big = (0..<10_000).map(Double.init)
        #expect(try ArchiveDecoder().decode(ContiguousArray<Double>.self, from: ArchiveEncoder().encode(big)) == ContiguousArray(big))
    }

    @Test func nestedArraysAndDictionaries() {
        checkRoundTrip([[1, 2, 3], [], [Int.min, Int.max], [0]])
        checkRoundTrip([[[Int8(1)], []], [[-1, -2]]])
        checkRoundTrip([["a": [1.5, 2.5], "b": []], [:], ["": [-0.0]]])
        checkRoundTrip(["x": ["y": ["z": [1, 2]]]])
        checkRoundTrip([[Point(x: 1, y: 2, label: "p")], []])
        checkRoundTrip([Set([1, 2, 3]), []])
        checkRoundTrip([[String?]]([["a", nil], [nil], []]))
        checkRoundTrip([[Int?]]([[1, nil], [nil, nil]]))
        checkRoundTrip([1: ["a": [1.0]], -1: [:]] as [Int: [String: [Double]]])
    }

    @Test func arraysOfStructsAndOptionals() {
        let points = (0..<1000).map { Point(x: $0, y: Double($0) / 3, label: "p\($0)") }
        checkRoundTrip(points)
        checkRoundTrip(Set(points))
        checkRoundTrip((0..<300).map { $0 % 3 == 0 ? nil : $0 })
        checkRoundTrip((0..<300).map { $0 % 2 == 0 ? nil : "s\($0)" } as [String?])
        checkRoundTrip([true, false, true])
        checkRoundTrip([Int128.min, 0, Int128.max])
    }

    @Test func hundredThousandEntryDictionaries() throws {
        var byString: [String: Int] = [:]
        var byInt: [Int: String] = [:]
        for i in 0..<100_000 {
            byString["key-\(i)-\(i &* 7919 % 1000)"] = i
            byInt[i &* 1_000_003 - 50_000_000] = "v\(i)"
        }
        #expect(try roundTrip(byString) == byString)
        #expect(try roundTrip(byInt, .zlib) == byInt)
    }
}

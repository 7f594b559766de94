import Foundation
@testable import KarchiveCommands
import KeyedArchive
@testable import KeyedArchiveSamples
import Testing

/// `karchive bench`'s arithmetic: round-robin times and the median of per-round ratios.
@Suite struct BenchRoundsTests {
    /// Rounds of a coder 5× faster than JSON, every time of round `burst` stretched by `factor`
    /// for the coder `slowed` only (a burst of load that hit one coder of that round).
    private func rounds(_ count: Int, burst: Int, slowed: Int, factor: Double) -> BenchRounds {
        var rounds = BenchRounds(coders: 2)
        for round in 0..<count {
            let json = 10.0 + Double(round % 3), archive = json / 5
            rounds.encode[0].append(round == burst && slowed == 0 ? json * factor : json)
            rounds.encode[1].append(round == burst && slowed == 1 ? archive * factor : archive)
            rounds.decode[0].append(json * 2)
            rounds.decode[1].append(archive * 2 / 3)
        }
        return rounds
    }

    @Test func aBurstInOneRoundDoesNotMoveTheRatio() {
        for slowed in [0, 1] {
            for factor in [3.0, 100.0] {
                let summary = rounds(7, burst: 2, slowed: slowed, factor: factor).summary(of: 1, against: 0)
                #expect(abs(summary.encodeSpeedup - 5) < 1e-9, "slowed \(slowed) × \(factor): \(summary.encodeSpeedup)")
                #expect(abs(summary.decodeSpeedup - 15) < 1e-9)
            }
        }
    }

    @Test func theReferenceAgainstItselfIsOne() {
        let summary = rounds(6, burst: 0, slowed: 0, factor: 50).summary(of: 0, against: 0)
        #expect(summary.encodeSpeedup == 1 && summary.decodeSpeedup == 1)
    }

    @Test func theRatioIsTakenWithinRoundsNotBetweenMedians() {
        // Load that moved between the coders: JSON slow in rounds 0-2, the other coder in 3-4.
        var rounds = BenchRounds(coders: 2)
        rounds.encode = [[30, 30, 30, 10, 10], [2, 2, 2, 6, 6]]
        rounds.decode = rounds.encode
        let summary = rounds.summary(of: 1, against: 0)
        // Per-round ratios 15, 15, 15, 5/3, 5/3: the median is 15. The ratio of the medians
        // (30 / 2) happens to agree; the times are the medians themselves.
        #expect(summary.encodeSpeedup == 15)
        #expect(summary.encode == 2 && rounds.summary(of: 0, against: 0).encode == 30)
        // An even count takes the mean of the middle two.
        rounds.encode = [[10, 20, 30, 40], [1, 1, 1, 1]]
        #expect(rounds.summary(of: 1, against: 0).encodeSpeedup == 25)
        #expect(BenchRounds.median([]).isNaN)
    }

    @Test func theSpreadIsHalfTheInterquartileRangeOverTheMedian() {
        var rounds = BenchRounds(coders: 2)
        // Ratios 4, 4, 5, 5, 6, 6, 10, 10 (JSON 60 each round): lower half 4, 4, 5, 5 (median
        // 4.5), upper half 6, 6, 10, 10 (median 8), median 5.5: the upper quartile is the
        // farther, (8 - 5.5) / 5.5, so "within ±45 %" holds on both sides.
        // (Each ratio twice: the spread needs 16 rounds.)
        rounds.encode = [Array(repeating: 60, count: 16), [15, 12, 12, 10, 10, 6, 15, 6, 15, 12, 12, 10, 10, 6, 15, 6]]
        rounds.decode = [Array(repeating: 1, count: 16), Array(repeating: 1, count: 16)]
        #expect(abs(rounds.spread(of: \.encode, coder: 1, against: 0) - 2.5 / 5.5) < 1e-12)
        // Identical ratios have no spread; one outlier round moves it not at all.
        #expect(rounds.spread(of: \.decode, coder: 1, against: 0) == 0)
        rounds.decode[1][3] = 100
        #expect(rounds.spread(of: \.decode, coder: 1, against: 0) == 0)
        // Too few rounds to say: not a number, and the table then leaves the row out.
        rounds.encode = [Array(repeating: 1, count: 15), Array(repeating: 1, count: 15)]
        #expect(rounds.spread(of: \.encode, coder: 1, against: 0).isNaN)
    }

    @Test func theCPUClockAdvancesWithWork() {
        // Busy work takes CPU time; the clock is there and moves forward.
        var total = 0.0
        let seconds = ThreadCPUTime.measure { for i in 0..<2_000_000 { total += Double(i).squareRoot() } }
        #expect(total > 0 && seconds > 0 && seconds < 60)
        #expect(ThreadCPUTime.now() != nil)
    }

    @Test func theTableNamesTheWidestSpreadAndWarnsAboveTenPercent() {
        func result(_ coder: String, _ encodeSpread: Double, _ decodeSpread: Double) -> BenchResult {
            BenchResult(model: "M", coder: coder, encode: 1, decode: 1, encodeSpeedup: 2, decodeSpeedup: 2,
                        encodeSpread: encodeSpread, decodeSpread: decodeSpread, bytes: 1, runs: 9)
        }
        let steady = BenchTable.steadiness([result("JSON", 0.5, 0.5), result("Archive", 0.031, 0.02), result("Null coder", .nan, 0.01)])
        #expect(steady.count == 2)
        #expect(steady[1].contains("±4 %"))
        #expect(steady[1].contains("M, Archive, encode"))
        let busy = BenchTable.steadiness([result("JSON", 0, 0), result("Archive", 0.02, 0.12)])
        #expect(busy.count == 3 && busy[1].contains("±12 %") && busy[1].contains("decode") && busy[2].contains("busy"))
        #expect(BenchTable.steadiness([result("JSON", 0, 0)]).isEmpty)
    }
}

/// The null coder (the Codable ceiling in `karchive bench`): it must rebuild every model exactly,
/// or its times would not be the cost of decoding that model.
@Suite struct NullCoderTests {
    private func roundTrips<Model: Codable & Sendable>(_ model: Model, same: (Model, Model) -> Bool) throws {
        let coder = try nullCoder(for: model)
        #expect(coder.name == nullCoderName)
        let bytes = try coder.encode(model)
        #expect(bytes.isEmpty)
        #expect(same(try coder.decode(bytes), model))
        // It ignores the bytes it is handed: the recording is what it decodes.
        #expect(same(try coder.decode(Data([1, 2, 3])), model))
    }

    @Test func everySampleModelRoundTrips() throws {
        try roundTrips(Commit.sample(count: 20), same: ==)
        try roundTrips(IntKeyedCommit.sample(count: 20), same: ==)
        try roundTrips(AppState.sample(documents: 20), same: ==)
        try roundTrips(IntKeyedAppState(AppState.sample(documents: 20)), same: ==)
        try roundTrips(NumericSeries.sample(values: 100, samples: 20), same: ==)
        try roundTrips(Drawing.sample(count: 20)) { $0.isSame(as: $1) }
    }

    private struct Corners: Codable, Equatable, Sendable {
        enum Kind: String, Codable { case a, b }
        enum Choice: Codable, Equatable { case none, some(value: Int8, label: String?) }
        var optional: String?
        var absent: Int?
        var nested: [[UInt16?]]
        var byName: [String: [Kind]]
        var byNumber: [Int: Float]
        var choices: [Choice]
        var extremes: [Int64]
        var unsigned: UInt64
        var date: Date
        var url: URL
        var data: Data
        var id: UUID
    }

    @Test func containersOptionalsAndEveryScalarRoundTrip() throws {
        let model = Corners(optional: "x", absent: nil, nested: [[1, nil, .max], []], byName: ["k": [.a, .b], "": []],
                            byNumber: [-1: -.greatestFiniteMagnitude, 7: -0.0], choices: [.none, .some(value: -128, label: nil), .some(value: 127, label: "l")],
                            extremes: [.min, .max, 0], unsigned: .max, date: Date(timeIntervalSince1970: -1.5),
                            url: URL(string: "https://example.com/a?b")!, data: Data([0, 255]), id: UUID())
        try roundTrips(model, same: ==)
        // The JSON round trip agrees (the oracle for what the model decodes to).
        let json = try JSONDecoder().decode(Corners.self, from: JSONEncoder().encode(model))
        #expect(json == model)
    }

    @Test func aMismatchIsADecodingErrorNotACrash() throws {
        struct Wide: Codable { var value: Int64 }
        struct Narrow: Codable { var value: Int8 }
        struct Other: Codable { var name: String }
        let recorded = try RecordingEncoder.record(Wide(value: 1_000))
        #expect(try ReplayDecoder.replay(Wide.self, from: recorded).value == 1_000)
        // 1,000 does not fit an Int8; a missing key; a keyed value asked for as an array.
        #expect(throws: DecodingError.self) { try ReplayDecoder.replay(Narrow.self, from: recorded) }
        #expect(throws: DecodingError.self) { try ReplayDecoder.replay(Other.self, from: recorded) }
        #expect(throws: DecodingError.self) { try ReplayDecoder.replay([Int].self, from: recorded) }
    }
}

/// `karchive bench`'s messages: how many messages one timing holds.
@Suite struct MessageBatchTests {
    @Test func aBatchTakesAboutTheTarget() {
        // Messages of 100 ns, 3 µs and 0.3 ms against a 1 ms target: 10,000, 333 and 3 (rounded
        // to the nearest count), each batch within half a message of the target.
        for (seconds, expected) in [(1e-7, 10_000), (3e-6, 333), (3e-4, 3)] {
            var asked: [Int] = []
            let size = MessageBatch.size(target: 0.001) { count in asked.append(count); return Double(count) * seconds }
            #expect(size == expected, "\(seconds)")
            #expect(abs(Double(size) * seconds - 0.001) <= seconds / 2, "\(seconds)")
            // Doubled from one until a batch took a quarter of the target, no further.
            #expect(asked == (0..<asked.count).map { 1 << $0 } && Double(asked.last!) * seconds >= 0.001 / 4, "\(asked)")
            #expect(asked.count < 2 || Double(asked[asked.count - 2]) * seconds < 0.001 / 4)
        }
    }

    @Test func aSlowMessageIsABatchOfItsOwn() {
        #expect(MessageBatch.size(target: 0.001) { Double($0) * 0.005 } == 1)
    }

    @Test func aClockThatDoesNotAdvanceStopsAtTheLargestBatch() {
        var calls = 0
        #expect(MessageBatch.size(target: 0.001) { _ in calls += 1; return 0 } == MessageBatch.largest)
        #expect(calls == 22)
        // Nor does a batch ever grow past it, however fast the messages.
        #expect(MessageBatch.size(target: 1) { _ in 1e-9 } == MessageBatch.largest)
    }

    @Test func theQuickRunsBatchesAreShorter() {
        #expect(BenchScope.standard.messageBatch == 0.001 && BenchScope.full.messageBatch == 0.001)
        #expect(BenchScope.quick.messageBatch < BenchScope.standard.messageBatch)
    }

    /// Issue 65: the default run measures every section, smaller and shorter than the full
    /// run, which keeps today's sizes for the committed results; the quick run is smaller still.
    @Test func theScopesMeasureEverySectionAtTheirSizes() {
        #expect(BenchScope.full.partialReadMegabytes == [1, 10, 100])
        #expect(BenchScope.standard.partialReadMegabytes == [1, 10])
        #expect(BenchScope.full.doubles == 1_000_000 && BenchScope.full.samples == 20_000)
        #expect(BenchScope.full.commits == 1_000 && BenchScope.full.documents == 500 && BenchScope.full.circles == 2_000)
        for (smaller, larger) in [(BenchScope.quick, BenchScope.standard), (.standard, .full)] {
            #expect(smaller.budget < larger.budget && smaller.messageBudget < larger.messageBudget)
            #expect(smaller.partialReadBudget < larger.partialReadBudget && smaller.doubles < larger.doubles)
            #expect(smaller.passes <= larger.passes && smaller.partialReadMegabytes.max()! < larger.partialReadMegabytes.max()!)
        }
        // Each run says how to run the others.
        #expect(BenchScope.standard.closingNote.contains("karchive bench --full"))
        #expect(BenchScope.quick.closingNote.contains("karchive bench"))
    }
}

/// `karchive bench`'s partial-reads section: every read checked against the model before it is
/// timed, for each size and both key forms, and the table that reports them.
@Suite struct BenchPartialReadsTests {
    @Test func everyReadOfEverySizeAndKeyFormIsReported() throws {
        let results = try BenchRunner(scope: .quick, io: .capturing()).runPartialReads()
        #expect(results.count == 2 * 2 * 4)
        #expect(Set(results.map(\.keys)) == ["string", "integer"])
        #expect(Set(results.map(\.archive)) == ["App state, 0.1 MB", "App state, 1 MB"])
        for group in stride(from: 0, to: results.count, by: 4) {
            let reads = results[group..<group + 4]
            #expect(reads.map(\.read).first == "decode all")
            #expect(reads.dropFirst().first?.read == "documents[100].title")
            #expect(reads.last?.read == "every document's id")
            // The whole decode against itself: a ratio of 1 in every round.
            #expect(reads.first?.speedup == 1)
            #expect(reads.allSatisfy { $0.time > 0 && $0.rounds >= 3 && $0.bytes == reads.first!.bytes })
        }
        // The sizes are what they say, within a tenth.
        for result in results where result.read == "decode all" {
            let megabytes = result.archive.contains("0.1 MB") ? 0.1 : 1
            #expect(abs(Double(result.bytes) / 1e6 - megabytes) < megabytes / 10, "\(result.archive): \(result.bytes) bytes")
        }
    }

    @Test func theTableShowsEachReadAgainstTheWholeDecode() {
        let results = [
            PartialReadResult(archive: "A", keys: "string", read: "decode all", time: 0.012_345, speedup: 1, bytes: 1_000_000, rounds: 8),
            PartialReadResult(archive: "A", keys: "string", read: "documents[100].title", time: 0.000_001_5, speedup: 8_230, bytes: 1_000_000, rounds: 8),
        ]
        let lines = BenchTable.renderPartialReads(results)
        let decodeAll = lines.first { $0.hasPrefix("A ") }
        let title = lines.first { $0.contains("documents[100].title") }
        #expect(decodeAll?.contains("12,345") == true && decodeAll?.contains("1,000,000") == true, "\(lines)")
        #expect(title?.contains("1.50") == true && title?.contains("8,230.0×") == true, "\(lines)")
        #expect(title?.hasPrefix("A") == false)
    }
}

/// `karchive bench`'s streams whose messages vary in shape (issue 62): every message checked
/// before any is timed, each coder kept for the whole stream, and times per message.
@Suite struct MessageStreamTests {
    /// The coders of every message row, in the table's order.
    private let coderNames = ["Archive", generatedCoderName, "JSON", "PropertyList"]

    @Test func everyStreamRowHasTheMessageRowsCodersOverItsWholeStream() throws {
        let rows = BenchRunner(scope: .quick, io: .capturing()).varyingMessages(MessageBatch(target: 0.000_05))
        #expect(rows.map(\.0) == ["Varying optionals", "Varying enum", "Array of several types", "Two types alternating"]
            + ["Varying optionals", "Varying enum", "Array of several types", "Two types alternating"].map { $0 + ", string keys" })
        for (name, prepare) in rows {
            let prepared = try prepare(name)
            #expect(prepared.name == name && prepared.coders == coderNames)
            // The generated code writes the model's bytes; every coder wrote something.
            #expect(prepared.sizes[0] == prepared.sizes[1] && prepared.sizes.allSatisfy { $0 > 0 }, "\(name): \(prepared.sizes)")
            var rounds = BenchRounds(coders: prepared.coders.count)
            #expect(try prepared.timeOneRound(&rounds) > 0)
            #expect(rounds.count == 1 && rounds.encode.allSatisfy { $0[0] > 0 } && rounds.decode.allSatisfy { $0[0] > 0 })
        }
    }

    @Test func aStreamHoldsEveryMessageWithEveryCoder() throws {
        let updates = try MessageStream(named: "U", ProfileUpdate.stream(), model: { $0 }, twin: GeneratedCodeProfileUpdate.init)
        #expect(updates.count == ProfileUpdate.stream().count && updates.names == coderNames)
        // Heartbeat then chat line, each pair on the same coders: twice as many messages as pairs.
        let alternating = try MessageStream.alternating(named: "A", heartbeat: StringKeyedHeartbeat.init, GeneratedCodeStringKeyedHeartbeat.init,
                                                        line: StringKeyedChatLine.init, GeneratedCodeStringKeyedChatLine.init)
        #expect(alternating.count == 2 * AlternatingStream.sample().heartbeats.count)
        for stream in [updates, alternating] {
            #expect(stream.encodes.map(\.count) == Array(repeating: stream.count, count: 4))
            #expect(stream.bytes.map(\.count) == Array(repeating: stream.count, count: 4))
            // The messages differ in shape, so their archives differ in size.
            #expect(Set(stream.bytes[0]).count > 1)
            // Every kept decoder reads every archive, in the stream's order.
            for decodes in stream.decodes { for decode in decodes { try decode() } }
        }
    }

    @Test func everyMessageIsCheckedNotOnlyTheFirst() throws {
        // Every message's twin made from the first message: the first passes, the second fails.
        let stream = ProfileUpdate.stream()
        #expect(stream[0] != stream[1])
        do {
            _ = try MessageStream(named: "Mismatched", stream, model: { $0 }, twin: { _ in GeneratedCodeProfileUpdate(stream[0]) })
            Issue.record("a twin that differs from its message was not caught")
        } catch let failure as CommandFailure {
            #expect(failure.description.contains("message 2 of Mismatched"), "\(failure.description)")
        }
    }

    @Test func aRowsTimeIsPerMessageOverWholePassesOfTheStream() throws {
        // Messages of 3 µs against a 1 ms target: 333 for one message, 336 (42 passes over 8)
        // for a stream of eight; each timing divided by the number of messages it held.
        var asked: [Int] = []
        let prepared = try MessageBatch(target: 0.001).timed(
            "R", coders: ["JSON"], bytes: [10], multiple: 8,
            encode: [{ count in asked.append(count); return Double(count) * 3e-6 }], decode: [{ Double($0) * 5e-6 }])
        var rounds = BenchRounds(coders: 1)
        let total = try prepared.timeOneRound(&rounds)
        #expect(asked.last == 336)
        #expect(abs(rounds.encode[0][0] - 3e-6) < 1e-15 && abs(rounds.decode[0][0] - 5e-6) < 1e-15)
        #expect(abs(total - (336 * 3e-6 + 200 * 5e-6)) < 1e-12)
        #expect(MessageBatch.whole(333, 8) == 336 && MessageBatch.whole(3, 8) == 8 && MessageBatch.whole(333, 1) == 333)
    }

    @Test func aBatchTakesTheStreamsMessagesInTurn() throws {
        var taken: [Int] = []
        let operations: [() throws -> Void] = (0..<3).map { index in { taken.append(index) } }
        _ = try MessageBatch.cycle(operations, 7)
        #expect(taken == [0, 1, 2, 0, 1, 2, 0])
    }
}

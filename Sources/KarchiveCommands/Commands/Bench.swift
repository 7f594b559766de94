import ArgumentParser

/// `karchive bench [--quick]`
struct Bench: KarchiveCommand {
    static let configuration = CommandConfiguration(
        abstract: "Measure ArchiveEncoder/ArchiveDecoder against JSON and binary property lists.",
        discussion: """
            Encodes and decodes sample models compiled into the tool (a GitHub-style commit list \
            with string keys and with integer keys, an app-state document, a numeric series of a \
            million Doubles) with ArchiveEncoder (plain and zlib), JSONEncoder and \
            PropertyListEncoder (binary) in one run, and prints time and size with ratios against \
            JSON. A messages section then times small messages (an empty struct, one field, twelve \
            Int32s, a mix of primitives and arrays, a media record with images, lists of five), \
            per message, in batches. A partial-reads section times reading one value, and one \
            field of every document, from the app-state model scaled to 1, 10 and 100 MB, \
            against decoding the whole archive, with string and with integer keys. Build in release mode for meaningful numbers: swift run -c release karchive bench. \
            The benchmark package in Benchmarks/ measures more (allocations, swift-protobuf).
            """
    )

    @Flag(help: "Small models and few runs: a quick check that everything works, not a measurement.")
    var quick = false

    func run(io: CommandIO) throws -> Int32 {
        if BenchTable.isDebugBuild {
            io.report("warning: this is a debug build; its timings are not meaningful. Run: swift run -c release karchive bench")
        }
        let runner = BenchRunner(quick: quick, io: io)
        let results = try runner.run()
        let messages = try runner.runMessages()
        let partialReads = try runner.runPartialReads()
        let lines = BenchTable.render(results, environment: BenchTable.environment(quick: quick))
            + [""] + BenchTable.renderMessages(messages, quick: quick)
            + [""] + BenchTable.renderPartialReads(partialReads)
        io.write(lines.joined(separator: "\n") + "\n")
        return 0
    }
}

import ArgumentParser

/// `karchive bench [--quick | --full]`
struct Bench: KarchiveCommand {
    static let configuration = CommandConfiguration(
        abstract: "Measure ArchiveEncoder/ArchiveDecoder against JSON and binary property lists.",
        discussion: """
            Encodes and decodes sample models compiled into the tool (a GitHub-style commit list \
            with string keys and with integer keys, an app-state document, a numeric series of \
            Doubles) with ArchiveEncoder (plain and zlib), JSONEncoder and \
            PropertyListEncoder (binary) in one run, and prints time and size with ratios against \
            JSON. A messages section then times small messages (an empty struct, one field, twelve \
            Int32s, a mix of primitives and arrays, a media record with images, lists of five), \
            per message, in batches. A partial-reads section times reading one value, and one \
            field of every document, from the app-state model scaled to 1 and 10 MB (and 100 MB \
            with --full), against decoding the whole archive, with string and with integer keys. \
            By default every section runs at sizes whose ratios are steady, in about a minute; \
            --full measures the benchmark package's sizes (a million Doubles) and partial reads up \
            to 100 MB, in several minutes. Build in release mode for meaningful numbers: swift run -c release karchive bench. \
            The benchmark package in Benchmarks/ measures more (allocations, swift-protobuf).
            """
    )

    @Flag(help: "Small models and few runs: a quick check that everything works, not a measurement.")
    var quick = false

    @Flag(help: "The benchmark package's sizes and partial reads up to 100 MB: several minutes.")
    var full = false

    func validate() throws {
        if quick && full { throw ValidationError("--quick and --full cannot be used together") }
    }

    func run(io: CommandIO) throws -> Int32 {
        if BenchTable.isDebugBuild {
            io.report("warning: this is a debug build; its timings are not meaningful. Run: swift run -c release karchive bench")
        }
        let scope: BenchScope = quick ? .quick : full ? .full : .standard
        let runner = BenchRunner(scope: scope, io: io)
        let results = try runner.run()
        let messages = try runner.runMessages()
        let partialReads = try runner.runPartialReads()
        let lines = BenchTable.render(results, environment: BenchTable.environment(scope: scope))
            + [""] + BenchTable.renderMessages(messages, scope: scope)
            + [""] + BenchTable.renderPartialReads(partialReads)
            + ["", scope.closingNote]
        io.write(lines.joined(separator: "\n") + "\n")
        return 0
    }
}

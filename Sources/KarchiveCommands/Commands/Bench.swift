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
            JSON. Build in release mode for meaningful numbers: swift run -c release karchive bench. \
            The benchmark package in Benchmarks/ measures more (allocations, swift-protobuf).
            """
    )

    @Flag(help: "Small models and few runs: a quick check that everything works, not a measurement.")
    var quick = false

    func run(io: CommandIO) throws -> Int32 {
        if BenchTable.isDebugBuild {
            io.report("warning: this is a debug build; its timings are not meaningful. Run: swift run -c release karchive bench")
        }
        let results = try BenchRunner(quick: quick, io: io).run()
        io.write(BenchTable.render(results, environment: BenchTable.environment(quick: quick)).joined(separator: "\n") + "\n")
        return 0
    }
}

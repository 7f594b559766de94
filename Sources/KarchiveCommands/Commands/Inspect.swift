import ArgumentParser
import KeyedArchive

/// `karchive inspect [FILE] [--hex] [--depth N] [--max-items N]`
struct Inspect: KarchiveCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show an archive as a readable tree, or as an annotated byte dump with --hex.",
        discussion: """
            The tree shows nesting by indentation, keys as written (string keys quoted, integer \
            keys bare, elements by [index]) and every value with its type. Integers are shown \
            with the narrowest of Int64, UInt64, Int128 and UInt128 that holds them: the format \
            keeps the value, not the width it was written from. Long strings and data are elided.
            """
    )

    @OptionGroup var input: InputOptions
    @Flag(help: "An annotated byte dump: offset, bytes, meaning, indented by depth.")
    var hex = false
    @Option(help: "Show the contents of containers nested at most this deep (the root is 1).")
    var depth: Int = .max
    @Option(help: "Show at most this many entries or elements of each container.")
    var maxItems: Int = .max

    func validate() throws {
        guard depth >= 0, maxItems >= 0 else { throw ValidationError("--depth and --max-items must not be negative") }
    }

    func run(io: CommandIO) throws -> Int32 {
        let archive = try input.openArchive(io: io)
        var lines: [String]
        do {
            if hex {
                var dumper = HexDumper(archive: archive, maxItems: maxItems, maxDepth: depth)
                dumper.dumpHeader()
                try archive.walk(&dumper)
                dumper.dumpKeyTable()
                lines = dumper.lines
            } else {
                var printer = TreePrinter(archive: archive, maxItems: maxItems, maxDepth: depth)
                try archive.walk(&printer)
                lines = Formatting.summary(archive) + [""] + printer.lines
            }
        } catch {
            throw CommandFailure(error)
        }
        io.write(lines.joined(separator: "\n") + "\n")
        return 0
    }
}

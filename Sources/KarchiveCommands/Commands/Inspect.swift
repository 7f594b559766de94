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

            With --stream, the input is a framed stream of archives (Spec/STREAMS.md): each frame \
            is shown under a "== frame N at offset X (L bytes)" line (offsets inside it count from \
            the frame's archive); a frame that is not a valid archive shows its error and the \
            next frame follows. A framing error ends the output with "error: …" on standard error.
            """
    )

    @OptionGroup var input: InputOptions
    @Flag(help: "An annotated byte dump: offset, bytes, meaning, indented by depth.")
    var hex = false
    @Option(help: "Show the contents of containers nested at most this deep (the root is 1).")
    var depth: Int = .max
    @Option(help: "Show at most this many entries or elements of each container.")
    var maxItems: Int = .max
    @OptionGroup var streamOptions: StreamOptions

    func validate() throws {
        guard depth >= 0, maxItems >= 0 else { throw ValidationError("--depth and --max-items must not be negative") }
    }

    func run(io: CommandIO) throws -> Int32 {
        guard streamOptions.stream else {
            io.write(try lines(of: try io.readInput(input.file)).joined(separator: "\n") + "\n")
            return 0
        }
        let stream = try FramedInput(try io.readInput(input.file), maximumMessageSize: streamOptions.maxMessageSize)
        return stream.forEachFrame(io: io, { frame throws(CommandFailure) in try lines(of: frame.payload) },
                                   output: { index, frame, lines in io.write((["== \(FramedInput.label(index, frame))"] + lines).joined(separator: "\n") + "\n") },
                                   failed: { index, frame, error in io.write("== \(FramedInput.label(index, frame))\nerror: \(error)\n") })
    }

    /// The tree or the annotated dump of one archive.
    private func lines(of bytes: [UInt8]) throws(CommandFailure) -> [String] {
        let archive: InspectedArchive
        do { archive = try InspectedArchive(bytes) } catch { throw CommandFailure(error) }
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
        return lines
    }
}

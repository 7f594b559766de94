import ArgumentParser
import KeyedArchive

/// `karchive to-json [FILE] [--compact]`
struct ToJSON: KarchiveCommand {
    static let configuration = CommandConfiguration(
        commandName: "to-json",
        abstract: "Convert an archive to JSON, without its Swift types.",
        discussion: """
            Keyed containers become objects, in the archive's entry order; integer keys become \
            their decimal strings. Unkeyed containers and packed arrays become arrays, nil \
            becomes null. Integers are written exactly (up to 128 bits); floating point in the \
            shortest spelling that reads back to the same value ("0.1", "1.0", "1e-07"); NaN \
            and the infinities, which JSON cannot spell, as the strings "NaN", "Infinity" and \
            "-Infinity". Data becomes a Base64 string, Date an ISO 8601 string in UTC \
            ("2011-04-14T16:00:49Z", fractions to the microsecond; dates outside the years \
            1-9999 become their seconds since 2001-01-01 as a number), UUID its uppercase \
            string, URL its string.
            """
    )

    @OptionGroup var input: InputOptions
    @Flag(help: "Write compact JSON, on one line.")
    var compact = false

    func run(io: CommandIO) throws -> Int32 {
        let archive = try input.openArchive(io: io)
        var converter = ArchiveToJSON(archive: archive)
        do { try archive.walk(&converter) } catch { throw CommandFailure(error) }
        io.write(JSONWriter.write(converter.result, pretty: !compact) + (compact ? "\n" : ""))
        return 0
    }
}

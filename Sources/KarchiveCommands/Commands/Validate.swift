import ArgumentParser
import KeyedArchive

/// `karchive validate [FILE]`
struct Validate: KarchiveCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check that an archive is well-formed within the decoder's limits.",
        discussion: """
            Checks every byte, including values a Decodable type would skip: header, checksum, \
            compression, tags, varints, lengths, UTF-8 of every string and key, key references, \
            repeated keys, counts, and the limits (set them with the options, as \
            ArchiveDecoder.Limits). Exit status 0 when the archive is valid; otherwise 1, with \
            "error: <kind> at offset N: <reason>" on standard error.
            """
    )

    @OptionGroup var input: InputOptions
    @OptionGroup var limits: LimitOptions
    @Flag(name: .shortAndLong, help: "Print nothing when the archive is valid.")
    var quiet = false

    func run(io: CommandIO) throws -> Int32 {
        let archive = try input.openArchive(io: io, limits: limits.limits)
        var counter = ValueCounter()
        do { try archive.walk(&counter) } catch { throw CommandFailure(error) }
        if !quiet {
            io.write("valid: \(Formatting.plural(archive.input.count, "byte", "bytes")), version 1, flags \(Formatting.flags(archive)), "
                     + "\(Formatting.plural(counter.values, "value", "values")), \(Formatting.plural(archive.keys.count, "key", "keys")) in the key table\n")
        }
        return 0
    }
}

/// Counts the values of a walk (containers included, packed array elements not).
struct ValueCounter: ArchiveVisitor {
    private(set) var values = 0
    mutating func visitScalar(_ value: ArchiveScalar, at range: Range<Int>, depth: Int) { values += 1 }
    mutating func beginContainer(_ container: ArchiveContainer, depth: Int) { values += 1 }
}

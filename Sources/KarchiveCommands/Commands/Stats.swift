import ArgumentParser
import KeyedArchive

/// `karchive stats [FILE]`
struct Stats: KarchiveCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show where an archive's bytes go, and how many values of each kind it holds."
    )

    @OptionGroup var input: InputOptions

    func run(io: CommandIO) throws -> Int32 {
        let archive = try input.openArchive(io: io)
        var stats = ByteStats()
        do { try archive.walk(&stats) } catch { throw CommandFailure(error) }
        io.write(stats.report(archive).joined(separator: "\n") + "\n")
        return 0
    }
}

import ArgumentParser
import KeyedArchive

/// `karchive`: inspect, convert, validate and benchmark KeyedArchive archives.
package struct Karchive: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "karchive",
        abstract: "Inspect, convert, validate and benchmark KeyedArchive archives.",
        discussion: """
            Archives are self-describing, so every command works without the Swift types that \
            wrote them. Commands read FILE, or standard input when FILE is omitted or "-"; \
            compressed and checksummed archives are handled transparently. Bad input is reported \
            as one line on standard error, "error: <kind> at offset N: <reason>", with exit code 1.
            """,
        subcommands: [Inspect.self, Validate.self, Stats.self, ToJSON.self, FromJSON.self, Bench.self]
    )

    package init() {}

    /// Runs the command line `arguments` (without the program name) and returns the exit code.
    /// Everything goes through `io`, so the tests run commands in-process.
    package static func run(_ arguments: [String], io: CommandIO) -> Int32 {
        let command: any ParsableCommand
        do {
            command = try parseAsRoot(arguments)
        } catch {
            let code = exitCode(for: error)
            let message = fullMessage(for: error)
            if code == .success { io.write(message + "\n") } else { io.report(message) }
            return code.rawValue
        }
        guard let command = command as? any KarchiveCommand else {
            // `karchive`, `karchive help [SUBCOMMAND]` or `--help`: ArgumentParser's own help
            // command would print to the process's standard output, so the help is written here.
            let subcommand = configuration.subcommands.first { arguments.contains($0._commandName) }
            io.write((subcommand.map { helpMessage(for: $0) } ?? helpMessage()) + "\n")
            return 0
        }
        do {
            return try command.run(io: io)
        } catch let failure as CommandFailure {
            io.report("error: \(failure)")
            return 1
        } catch {
            io.report("error: \(error)")
            return 1
        }
    }
}

/// A `karchive` subcommand: runs against a `CommandIO` and returns its exit code.
protocol KarchiveCommand: ParsableCommand {
    func run(io: CommandIO) throws -> Int32
}

/// How each subcommand names its input.
struct InputOptions: ParsableArguments {
    @Argument(help: "The archive to read; standard input when omitted or \"-\".")
    var file: String?
}

/// The decoder limits an archive is checked against, as options.
struct LimitOptions: ParsableArguments {
    @Option(help: "Deepest nesting of containers accepted (ArchiveDecoder.Limits.maximumDepth).")
    var maxDepth: Int = ArchiveDecoder.Limits().maximumDepth
    @Option(help: "Largest inflated body accepted, in bytes (maximumInflatedSize).")
    var maxInflatedSize: Int = ArchiveDecoder.Limits().maximumInflatedSize
    @Option(help: "Most elements or entries in one container (maximumCollectionCount).")
    var maxCount: Int = ArchiveDecoder.Limits().maximumCollectionCount

    var limits: ArchiveDecoder.Limits {
        var limits = ArchiveDecoder.Limits()
        limits.maximumDepth = maxDepth
        limits.maximumInflatedSize = maxInflatedSize
        limits.maximumCollectionCount = maxCount
        return limits
    }

    func validate() throws {
        // Spec/FORMAT.md §12.1: every limit is 0 or more, and 0 is a legal value of each.
        guard maxDepth >= 0, maxInflatedSize >= 0, maxCount >= 0 else {
            throw ValidationError("limits must not be negative")
        }
    }
}

extension InputOptions {
    /// Reads the input and opens it as an archive (header, checksum, inflating, key table).
    func openArchive(io: CommandIO, limits: ArchiveDecoder.Limits = ArchiveDecoder.Limits()) throws(CommandFailure) -> InspectedArchive {
        let bytes = try io.readInput(file)
        do {
            return try InspectedArchive(bytes, limits: limits)
        } catch {
            throw CommandFailure(error)
        }
    }
}

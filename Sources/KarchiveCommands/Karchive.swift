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
        subcommands: [Inspect.self, Validate.self, Stats.self, Get.self, ToJSON.self, FromJSON.self, Schema.self, Compat.self, Bench.self]
    )

    package init() {}

    /// Runs the command line `arguments` (without the program name) and returns the exit code.
    /// Everything goes through `io`, so the tests run commands in-process.
    package static func run(_ arguments: [String], io: CommandIO) -> Int32 {
        run(parse(arguments), io: io)
    }

    /// Parses the command line `arguments` (without the program name) without running it.
    ///
    /// A parsed command line runs any number of times, against any input: the tests that run
    /// one command over thousands of inputs parse it once, because a debug build of
    /// ArgumentParser checks the whole command tree on every parse.
    package static func parse(_ arguments: [String]) -> ParsedCommandLine {
        let command: any ParsableCommand
        do {
            command = try parseAsRoot(arguments)
        } catch {
            let code = exitCode(for: error)
            return ParsedCommandLine(action: .finish(message: fullMessage(for: error), status: code.rawValue))
        }
        guard let command = command as? any KarchiveCommand else {
            // `karchive`, `karchive help [SUBCOMMAND]` or `--help`: ArgumentParser's own help
            // command would print to the process's standard output, so the help is written here.
            let subcommand = configuration.subcommands.first { arguments.contains($0._commandName) }
            let help = subcommand.map { helpMessage(for: $0) } ?? helpMessage()
            return ParsedCommandLine(action: .finish(message: help, status: 0))
        }
        return ParsedCommandLine(action: .run(command))
    }

    /// Runs a parsed command line against `io` and returns the exit code.
    package static func run(_ commandLine: ParsedCommandLine, io: CommandIO) -> Int32 {
        switch commandLine.action {
        case .finish(let message, let status):
            // Help, and `--version`-like successes, go to standard output; errors to standard error.
            if status == 0 { io.write(message + "\n") } else { io.report(message) }
            return status
        case .run(let command):
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
}

/// A `karchive` command line, parsed: either a subcommand to run, or a message (help, or a usage
/// error) and the exit status that ends the program without running anything.
package struct ParsedCommandLine: Sendable {
    enum Action {
        case run(any KarchiveCommand)
        case finish(message: String, status: Int32)
    }

    let action: Action
}

/// A `karchive` subcommand: runs against a `CommandIO` and returns its exit code.
protocol KarchiveCommand: ParsableCommand, Sendable {
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

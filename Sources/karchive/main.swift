// The `karchive` command; its subcommands live in the KarchiveCommands module.
import Foundation
import KarchiveCommands

exit(Karchive.run(Array(CommandLine.arguments.dropFirst()), io: .standardStreams()))

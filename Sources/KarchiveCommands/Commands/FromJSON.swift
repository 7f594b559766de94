import ArgumentParser
import Foundation
import KeyedArchive

/// `karchive from-json [FILE] [-o OUTPUT] [--zlib] [--checksum]`
struct FromJSON: KarchiveCommand {
    static let configuration = CommandConfiguration(
        commandName: "from-json",
        abstract: "Convert a JSON document to an archive, without Swift types.",
        discussion: """
            Objects become keyed containers with string keys, in the document's member order \
            (a repeated member name is an error); arrays become unkeyed containers; null becomes \
            nil. A number without fraction or exponent becomes an integer when it fits in 128 \
            bits; any other number becomes a Float when that holds it exactly, else the nearest \
            Double ("-0" is the Double -0.0).

            Round trip: "karchive to-json" gives back the same JSON value, with the members in \
            the same order, except for the spelling of numbers: integers lose leading "+"/"-0" \
            forms, and non-integers are written in Swift's shortest spelling (1E2 becomes 100.0, \
            1.50 becomes 1.5); integers beyond 128 bits come back rounded to a Double.
            """
    )

    @Argument(help: "The JSON document; standard input when omitted or \"-\".")
    var file: String?
    @Option(name: .shortAndLong, help: "Where to write the archive (atomically); standard output when omitted or \"-\".")
    var output: String?
    @Flag(help: "Compress the archive with zlib.")
    var zlib = false
    @Flag(help: "End the archive with a CRC-32 of its bytes.")
    var checksum = false

    func run(io: CommandIO) throws -> Int32 {
        let json: JSONValue
        do {
            json = try JSONParser.parse(try io.readInput(file))
        } catch let failure as JSONParser.Failure {
            throw CommandFailure(failure.description)
        }
        var encoder = ArchiveEncoder()
        if zlib { encoder.compression = .zlib }
        if checksum { encoder.checksum = .crc32 }
        let archive: Data
        do {
            archive = try encoder.encode(EncodableJSON(value: json))
        } catch let EncodingError.invalidValue(_, context) {
            throw CommandFailure("cannot write the archive: \(context.debugDescription)")
        }
        try io.writeOutput([UInt8](archive), to: output)
        return 0
    }
}

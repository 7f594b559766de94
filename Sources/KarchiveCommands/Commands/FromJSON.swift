import ArgumentParser
import Foundation
import KeyedArchive

/// `karchive from-json [FILE] [-o OUTPUT] [--zlib] [--checksum]`
struct FromJSON: KarchiveCommand {
    static let configuration = CommandConfiguration(
        commandName: "from-json",
        abstract: "Convert a JSON document to an archive, without Swift types.",
        discussion: """
            The inverse of "karchive to-json", specified in Spec/JSON.md. Objects become keyed \
            containers in member order: a name that is an integer's canonical decimal spelling \
            (in -2^62..<2^62) becomes an integer key, any other name a string key; two names \
            that would be the same key (equal, or canonically equivalent Unicode) are an error. \
            Arrays become unkeyed containers, null nil. A number without fraction or exponent \
            becomes an integer when it fits in 128 bits; any other number (-0 included) the \
            nearest Double, written as a Float when that Double is a Float value. One-member \
            objects named "$nil", "$float", "$double", "$data", "$date", "$uuid", "$url" are \
            the values to-json writes with them, spelled exactly as to-json spells them \
            ("$url" takes any text: whether it is a URL is for the type decoding it). \
            Containers nest at most 512 deep; a wrapper object, standing for a scalar, may be \
            one level deeper.

            Round trip: "karchive to-json" gives back the same document, except whitespace, \
            string escapes and the spelling of numbers (non-integers as the shortest spelling \
            of the nearest Double: 1E2 becomes 100.0, 1.50 becomes 1.5, -0 becomes -0.0).

            With --stream, the input is JSON Lines (one document per line; empty lines are \
            skipped) and the output a framed stream of archives (Spec/STREAMS.md), one frame per \
            document, as ArchiveStreamWriter writes it. An error names the line.
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
    @Flag(help: "Read JSON Lines and write a framed stream of archives (Spec/STREAMS.md), one per line.")
    var stream = false

    func run(io: CommandIO) throws -> Int32 {
        let input = try io.readInput(file)
        guard stream else {
            try io.writeOutput([UInt8](try archive(of: input)), to: output)
            return 0
        }
        var archives: [Data] = []
        for (number, line) in input.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
            let document = line.last == UInt8(ascii: "\r") ? line.dropLast() : line
            guard document.contains(where: { ![0x20, 0x09].contains($0) }) else { continue }
            do {
                archives.append(try archive(of: Array(document)))
            } catch {
                throw CommandFailure("line \(number + 1): \(error)")
            }
        }
        try io.writeOutput(try FramedOutput.stream(of: archives), to: output)
        return 0
    }

    /// The archive of one JSON document.
    private func archive(of json: [UInt8]) throws(CommandFailure) -> Data {
        let value: MappedValue
        do throws(JSONParser.Failure) {
            value = try JSONToArchive.value(try JSONParser.parse(json))
        } catch {
            throw CommandFailure(error.description)
        }
        var encoder = ArchiveEncoder()
        // Deep enough for everything the parser accepts (Spec/JSON.md §3, §6): the deepest value
        // is a wrapper inside a container at the deepest level, so at depth 513, and it is
        // encoded through an encoder of its own at that depth; a nested nil of level n is then
        // n + 1 Optionals inside it (MappedValue), each one level deeper. Level 511 there needs
        // 513 + 511 + 1 levels; the format itself counts only the 512 containers.
        encoder.maximumDepth = (JSONParser.maximumDepth + 1) + (Int(JSONMapping.maximumNilLevel) + 1)
        if zlib { encoder.compression = .zlib }
        if checksum { encoder.checksum = .crc32 }
        do {
            return try encoder.encode(EncodableMappedValue(value: value))
        } catch let EncodingError.invalidValue(_, context) {
            throw CommandFailure("cannot write the archive: \(context.debugDescription)")
        } catch {
            throw CommandFailure("cannot write the archive: \(error)")
        }
    }
}

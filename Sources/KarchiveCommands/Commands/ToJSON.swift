import ArgumentParser
import KeyedArchive

/// `karchive to-json [FILE] [--compact]`
struct ToJSON: KarchiveCommand {
    static let configuration = CommandConfiguration(
        commandName: "to-json",
        abstract: "Convert an archive to JSON, without its Swift types.",
        discussion: """
            A lossless mapping, specified in Spec/JSON.md: "karchive from-json" gives back an \
            archive that decodes to the same values. Keyed containers become objects in entry \
            order (integer keys as decimal names), unkeyed containers and packed arrays become \
            arrays, nil null, integers exact numbers. Floating point is spelled so that a JSON \
            reader reading it as a Double gets exactly its value (a Float 0.3 is \
            0.30000001192092896). What JSON has no value for is a one-member object: \
            {"$nil": 2}, {"$float": "NaN"}, {"$double": "Infinity"}, {"$data": "<Base64>"}, \
            {"$date": "2023-03-08T20:26:40.25Z"}, {"$uuid": "<UUID>"}, {"$url": "<URL>"}; a \
            real one-member object named like one gets one more "$" ({"$$date": ...}).
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

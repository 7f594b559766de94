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

            With --stream, the input is a framed stream of archives (Spec/STREAMS.md) and the \
            output JSON Lines: one compact document per frame. A frame that is not a valid \
            archive has no line; "error: frame N at offset X (L bytes): …" on standard error \
            says which, as does a framing error, and the exit status is then 1.
            """
    )

    @OptionGroup var input: InputOptions
    @Flag(help: "Write compact JSON, on one line.")
    var compact = false
    @OptionGroup var streamOptions: StreamOptions

    func run(io: CommandIO) throws -> Int32 {
        guard streamOptions.stream else {
            io.write(try Self.json(of: try io.readInput(input.file), pretty: !compact) + (compact ? "\n" : ""))
            return 0
        }
        let stream = try FramedInput(try io.readInput(input.file), maximumMessageSize: streamOptions.maxMessageSize)
        return stream.forEachFrame(io: io, { frame throws(CommandFailure) in try Self.json(of: frame.payload, pretty: false) },
                                   output: { _, _, json in io.write(json + "\n") },
                                   failed: { index, frame, error in io.report("error: \(FramedInput.label(index, frame)): \(error)") })
    }

    /// The JSON of one archive.
    static func json(of bytes: [UInt8], pretty: Bool) throws(CommandFailure) -> String {
        let archive: InspectedArchive
        do { archive = try InspectedArchive(bytes) } catch { throw CommandFailure(error) }
        var converter = ArchiveToJSON(archive: archive)
        do { try archive.walk(&converter) } catch { throw CommandFailure(error) }
        return JSONWriter.write(converter.result, pretty: pretty)
    }
}

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

            Object references (header flag bit 2) are expanded: a shared object is its value, \
            and each reference to it is a copy of that value's JSON (JSON has no identity, so \
            "from-json" gives back copies, not one shared instance). The expansion is bounded: \
            when it would make the JSON longer than --max-output-size bytes (the text as \
            written, without its final newline), or nest containers deeper than the decoder's \
            depth limit (counted as the format counts them), the command fails with "error: \
            expanding references …" and writes nothing.

            With --stream, the input is a framed stream of archives (Spec/STREAMS.md) and the \
            output JSON Lines: one compact document per frame. A frame that is not a valid \
            archive, or whose references expand past either bound (for its own line), has no \
            line; "error: frame N at offset X (L bytes): …" on standard error says which, as \
            does a framing error, and the exit status is then 1.
            """
    )

    @OptionGroup var input: InputOptions
    @Flag(help: "Write compact JSON, on one line.")
    var compact = false
    @Option(help: "Largest JSON, in bytes, that expanding object references may produce (archives with references only).")
    var maxOutputSize: Int = ArchiveDecoder.Limits().maximumInflatedSize
    @OptionGroup var streamOptions: StreamOptions

    func validate() throws {
        guard maxOutputSize >= 0 else { throw ValidationError("--max-output-size must not be negative") }
    }

    func run(io: CommandIO) throws -> Int32 {
        guard streamOptions.stream else {
            io.write(try Self.json(of: try io.readInput(input.file), pretty: !compact, maximumSize: maxOutputSize) + (compact ? "\n" : ""))
            return 0
        }
        let stream = try FramedInput(try io.readInput(input.file), maximumMessageSize: streamOptions.maxMessageSize)
        let maximumSize = maxOutputSize
        return stream.forEachFrame(io: io, { frame throws(CommandFailure) in try Self.json(of: frame.payload, pretty: false, maximumSize: maximumSize) },
                                   output: { _, _, json in io.write(json + "\n") },
                                   failed: { index, frame, error in io.report("error: \(FramedInput.label(index, frame)): \(error)") })
    }

    /// The JSON of one archive; with references, at most `maximumSize` bytes of it.
    static func json(of bytes: [UInt8], pretty: Bool, maximumSize: Int) throws(CommandFailure) -> String {
        let archive: InspectedArchive
        do { archive = try InspectedArchive(bytes) } catch { throw CommandFailure(error) }
        var converter = ArchiveToJSON(archive: archive, maximumSize: maximumSize, maximumDepth: archive.limits.maximumDepth)
        do { try archive.walk(&converter) } catch { throw CommandFailure(error) }
        if let failure = converter.expansionFailure { throw CommandFailure(failure) }
        return try text(of: converter.result, in: archive, pretty: pretty, maximumSize: maximumSize)
    }

    /// The text of `json`, taken from `archive`; with references, at most `maximumSize` bytes
    /// of it (`--max-output-size`).
    static func text(of json: JSONValue, in archive: InspectedArchive, pretty: Bool, maximumSize: Int) throws(CommandFailure) -> String {
        // Without references the JSON follows the archive's size, as it always has.
        guard archive.hasReferences else { return JSONWriter.write(json, pretty: pretty) }
        guard let text = JSONWriter.write(json, pretty: pretty, maximumSize: maximumSize) else {
            throw CommandFailure("expanding references makes the JSON larger than \(Formatting.plural(maximumSize, "byte", "bytes")) (--max-output-size)")
        }
        return text
    }
}

import ArgumentParser
import KeyedArchive

/// `karchive validate [FILE]`
struct Validate: KarchiveCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check that an archive is well-formed within the decoder's limits.",
        discussion: """
            Checks every byte, including values a Decodable type would skip: header, checksum, \
            compression, tags, varints, lengths, UTF-8 of every string and key, key references, \
            repeated keys, counts, references to shared objects (each must name an earlier \
            shared object that does not contain it), and the limits (set them with the options, as \
            ArchiveDecoder.Limits). Exit status 0 when the archive is valid; otherwise 1, with \
            "error: <kind> at offset N: <reason>" on standard error.

            With --stream, the input is a framed stream of archives (Spec/STREAMS.md): one line \
            per frame, "frame N at offset X (L bytes): valid: …" or "…: error: <kind> at offset \
            N: <reason>" (offsets inside the frame's archive), and a framing error (a torn last \
            frame, an empty frame, a frame over --max-message-size) as "error: …" on standard \
            error. Exit status 0 only when every frame is valid and the stream ends cleanly.
            """
    )

    @OptionGroup var input: InputOptions
    @OptionGroup var limits: LimitOptions
    @OptionGroup var streamOptions: StreamOptions
    @Flag(name: .shortAndLong, help: "Print nothing when the archive is valid (with --stream: print only invalid frames).")
    var quiet = false

    func run(io: CommandIO) throws -> Int32 {
        guard streamOptions.stream else {
            let summary = try Self.validate(try io.readInput(input.file), limits: limits.limits)
            if !quiet { io.write("valid: \(summary)\n") }
            return 0
        }
        let stream = try FramedInput(try io.readInput(input.file), maximumMessageSize: streamOptions.maxMessageSize)
        let limits = limits.limits
        let status = stream.forEachFrame(io: io, { frame throws(CommandFailure) in try Self.validate(frame.payload, limits: limits) },
                                         output: { index, frame, summary in
                                             if !quiet { io.write("\(FramedInput.label(index, frame)): valid: \(summary)\n") }
                                         },
                                         failed: { index, frame, error in io.write("\(FramedInput.label(index, frame)): error: \(error)\n") })
        if stream.error == nil && !quiet { io.write("\(Formatting.plural(stream.frames.count, "frame", "frames")), stream ends cleanly\n") }
        return status
    }

    /// Checks one archive; its summary ("21 bytes, version 1, …") when it is valid.
    static func validate(_ bytes: [UInt8], limits: ArchiveDecoder.Limits) throws(CommandFailure) -> String {
        let archive: InspectedArchive
        var counter = ValueCounter()
        do {
            archive = try InspectedArchive(bytes, limits: limits)
            try archive.walk(&counter)
        } catch {
            throw CommandFailure(error)
        }
        return "\(Formatting.plural(archive.input.count, "byte", "bytes")), version 1, flags \(Formatting.flags(archive)), "
            + "\(Formatting.plural(counter.values, "value", "values")), \(Formatting.plural(archive.keys.count, "key", "keys")) in the key table"
    }
}

/// Counts the values of a walk (containers, shared objects and references included, packed
/// array elements not: the values §9.5 numbers).
struct ValueCounter: ArchiveVisitor {
    private(set) var values = 0
    mutating func visitScalar(_ value: ArchiveScalar, at range: Range<Int>, depth: Int) { values += 1 }
    mutating func beginContainer(_ container: ArchiveContainer, depth: Int) { values += 1 }
    mutating func beginSharedObject(index: Int, at offset: Int, depth: Int) { values += 1 }
    mutating func visitReference(_ reference: ArchiveReference, at range: Range<Int>, depth: Int) { values += 1 }
}

import ArgumentParser
import KeyedArchive

/// `karchive get PATH [FILE] [--keys] [--stream]`
struct Get: KarchiveCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the value at a path as JSON, reading only the containers on the way to it.",
        discussion: """
            PATH is written as ArchivePath(parsing:) reads it: keys separated by "." \
            (settings.theme), element indexes in brackets (documents[3].title), and a key that \
            is empty or holds a ".", "[", "]", quote, backslash, space or control character \
            quoted in brackets as a JSON string (settings["font size"]). "." alone is the root \
            value. A key finds a string key of its name and, when its name is a decimal number, \
            the integer key of that number (7 finds key 7). [*] stands for every element of an \
            array: documents[*].id prints a JSON array of each document's id, and each further \
            [*] nests one more array. A path that starts with "-" goes after "--" \
            (karchive get -- -3 FILE), or starts with "." instead (.-3).

            The value is found as ArchiveDecoder.decode(_:at:from:) finds it, within the \
            decoder's limits (set them with the options), and printed in the JSON of "karchive \
            to-json" (Spec/JSON.md): the same JSON as that value has in the whole archive's. \
            Values beside the path are skipped, not read or checked; the value printed is \
            checked whole. A reference to a shared object on the path is followed; with \
            references, the archive is read whole, each reference is expanded as to-json \
            expands it, and --max-output-size bounds the JSON printed.

            With --keys, prints the keys of the keyed container at PATH instead, in entry \
            order, as a JSON array of names (an integer key as its decimal name).

            A path that leads to no value is an error, naming the path followed: "error: \
            keyNotFound at settings.theme: …", "valueNotFound at documents[9]: …" (an index \
            past the end, or nil on the way), "typeMismatch at …" (a value that is not the \
            container a step needs); a damaged archive, "error: <kind> at offset N: <reason>". \
            The exit status is then 1.

            With --stream, the input is a framed stream of archives (Spec/STREAMS.md), and PATH \
            applies to each frame: one line of compact JSON per frame. A frame where PATH leads \
            to no value, or that is not a valid archive, has no line; "error: frame N at offset \
            X (L bytes): …" on standard error says which, and the exit status is then 1.
            """
    )

    @Argument(help: "The path of the value, such as settings.theme or documents[*].id (\".\" for the root).")
    var path: String
    @OptionGroup var input: InputOptions
    @Flag(help: "List the keys of the keyed container at PATH, as a JSON array of names.")
    var keys = false
    @Flag(help: "Write compact JSON, on one line.")
    var compact = false
    @Option(help: "Largest JSON, in bytes, that expanding object references may produce (archives with references only).")
    var maxOutputSize: Int = ArchiveDecoder.Limits().maximumInflatedSize
    @OptionGroup var limits: LimitOptions
    @OptionGroup var streamOptions: StreamOptions

    func validate() throws {
        do {
            _ = try ArchivePath.segments(parsing: path)
        } catch {
            throw ValidationError("invalid path \"\(path)\": \(error)")
        }
        guard maxOutputSize >= 0 else { throw ValidationError("--max-output-size must not be negative") }
    }

    func run(io: CommandIO) throws -> Int32 {
        // Checked by `validate`.
        let segments = try ArchivePath.segments(parsing: path)
        let query = ValueQuery(segments: segments, listsKeys: keys, limits: limits.limits, maximumSize: maxOutputSize)
        guard streamOptions.stream else {
            io.write(try query.json(of: try io.readInput(input.file), pretty: !compact) + (compact ? "\n" : ""))
            return 0
        }
        let stream = try FramedInput(try io.readInput(input.file), maximumMessageSize: streamOptions.maxMessageSize)
        return stream.forEachFrame(io: io, { frame throws(CommandFailure) in try query.json(of: frame.payload, pretty: false) },
                                   output: { _, _, json in io.write(json + "\n") },
                                   failed: { index, frame, error in io.report("error: \(FramedInput.label(index, frame)): \(error)") })
    }
}

/// What `karchive get` prints of one archive: the JSON of the value at a path, each `[*]`
/// making an array of every element's.
struct ValueQuery {
    /// The paths between the wildcards (`ArchivePath.segments(parsing:)`).
    let segments: [ArchivePath]
    /// Whether to print a keyed container's keys rather than its value.
    let listsKeys: Bool
    let limits: ArchiveDecoder.Limits
    /// The largest JSON expanding references may print.
    let maximumSize: Int

    /// Where the path led: a value, or, past a `[*]`, one result per element.
    fileprivate indirect enum Found {
        case value(ArchiveValueAtPath)
        case keys([ArchivePath.Component])
        case elements([Found])
    }

    /// The JSON text of the value (or keys) at the path in the archive `bytes`.
    func json(of bytes: [UInt8], pretty: Bool) throws(CommandFailure) -> String {
        let archive: InspectedArchive
        do { archive = try InspectedArchive(bytes, limits: limits) } catch { throw CommandFailure(error) }
        let found: Found
        do {
            found = try archive.withPathReader { reader in try find(from: reader.root, segment: 0, reader) }
        } catch let error as ArchivePathError {
            throw CommandFailure(error.description)
        } catch let error as InspectionError {
            throw CommandFailure(error)
        } catch {
            throw CommandFailure("\(error)")
        }
        return try ToJSON.text(of: Self.json(of: found, in: archive), in: archive, pretty: pretty, maximumSize: maximumSize)
    }

    /// Follows segment `segment` from `start`, and each later one from every element.
    private func find(from start: ArchiveValueAtPath, segment: Int, _ reader: ArchivePathReader) throws(ArchivePathError) -> Found {
        let value = try reader.value(at: segments[segment], from: start)
        guard segment + 1 < segments.count else { return listsKeys ? .keys(try reader.keys(of: value)) : .value(value) }
        var elements: [Found] = []
        for element in try reader.elements(of: value) {
            elements.append(try find(from: element, segment: segment + 1, reader))
        }
        return .elements(elements)
    }

    /// The JSON of what was found. Without references each value's bytes are walked alone; with
    /// them the archive is walked once, whole, keeping the values found.
    private static func json(of found: Found, in archive: InspectedArchive) throws(CommandFailure) -> JSONValue {
        var captured: [Int: JSONValue] = [:]
        if archive.hasReferences {
            var offsets = Set<Int>()
            found.forEachValue { if $0.packedKind == nil { offsets.insert($0.offset) } }
            // The expansion's depth is bounded as to-json bounds it; its size by what is printed.
            var converter = ArchiveToJSON(archive: archive, maximumDepth: archive.limits.maximumDepth, capturing: offsets)
            do { try archive.walk(&converter) } catch { throw CommandFailure(error) }
            if let failure = converter.expansionFailure { throw CommandFailure(failure) }
            captured = converter.captured
        }
        func json(_ found: Found) throws(CommandFailure) -> JSONValue {
            switch found {
            case .keys(let keys):
                return .array(keys.map { key in
                    guard case .key(let name, _) = key else { preconditionFailure("a keyed container's keys are keys") }
                    return .string(name)
                })
            case .elements(let elements):
                var values: [JSONValue] = []
                values.reserveCapacity(elements.count)
                for element in elements { values.append(try json(element)) }
                return .array(values)
            case .value(let value):
                if let kind = value.packedKind { return ArchiveToJSON.json(archive.packedElement(kind, at: value.offset)) }
                if archive.hasReferences {
                    // The whole walk, having succeeded, passed every value the path's walk found.
                    guard let json = captured[value.offset] else { throw CommandFailure("no value starts at offset \(value.offset)") }
                    return json
                }
                var converter = ArchiveToJSON(archive: archive)
                do { try archive.walk(value, &converter) } catch { throw CommandFailure(error) }
                return converter.result
            }
        }
        return try json(found)
    }
}

extension ValueQuery.Found {
    /// Calls `body` with every value found, in order.
    fileprivate func forEachValue(_ body: (ArchiveValueAtPath) -> Void) {
        switch self {
        case .value(let value): body(value)
        case .keys: break
        case .elements(let elements): for element in elements { element.forEachValue(body) }
        }
    }
}

import ArchiveTestSupport
import Foundation
import KeyedArchive
import KeyedArchiveSamples
import Testing

/// `karchive get PATH [FILE]`: the value at a path in the JSON of `to-json`, its keys, every
/// element's with `[*]`, one line per frame with `--stream`, and errors that name the path.
@Suite struct KarchiveGetTests {
    private struct Settings: Codable { var theme = "dark"; var fontSize = 13; var ratio = 0.5 }
    private struct Document: Codable { var id: Int; var title: String; var tags: [String] }
    private struct State: Codable {
        var settings = Settings()
        var documents = [Document(id: 1, title: "a", tags: ["x", "y"]), Document(id: 2, title: "b", tags: [])]
        var counts: [Int: String] = [7: "seven"]
        var blob = Data([0, 1, 2])
        var levels: [Int32] = [10, -20, 30]
    }

    private let state = try! archiveBytes(State())

    @Test func printsTheValueAtAPathAsToJSONPrintsIt() {
        let cases: [(path: String, json: String)] = [
            (".", karchive("to-json", "--compact", input: state).text.dropLast().description),
            ("settings.theme", #""dark""#),
            ("settings", #"{"theme":"dark","fontSize":13,"ratio":0.5}"#),
            ("documents[1]", #"{"id":2,"title":"b","tags":[]}"#),
            ("documents[0].tags[1]", #""y""#),
            ("counts.7", #""seven""#),
            ("blob", #"{"$data":"AAEC"}"#),
            ("blob[2]", "2"),
            ("levels[1]", "-20"),
            (".documents[1].id", "2"),
        ]
        for (path, json) in cases {
            let run = karchive("get", "--compact", path, input: state)
            #expect(run.status == 0 && run.errors.isEmpty, "\(path): \(run.errors)")
            #expect(run.text == json + "\n", "\(path)")
        }
        // A path that starts with "-" follows "--", or a leading ".".
        let negative = try! archiveBytes(["-3": 1])
        #expect(karchive("get", "--compact", "--", "-3", input: negative).text == "1\n")
        #expect(karchive("get", "--compact", ".-3", input: negative).text == "1\n")
        // Pretty by default, as to-json.
        #expect(karchive("get", "settings", input: state).text == "{\n  \"theme\": \"dark\",\n  \"fontSize\": 13,\n  \"ratio\": 0.5\n}\n")
    }

    @Test func aWildcardPrintsEveryElementsValue() {
        #expect(karchive("get", "--compact", "documents[*].id", input: state).text == "[1,2]\n")
        #expect(karchive("get", "--compact", "documents[*].tags[*]", input: state).text == #"[["x","y"],[]]"# + "\n")
        #expect(karchive("get", "--compact", "documents[*]", input: state).text
            == #"[{"id":1,"title":"a","tags":["x","y"]},{"id":2,"title":"b","tags":[]}]"# + "\n")
        #expect(karchive("get", "--compact", "levels[*]", input: state).text == "[10,-20,30]\n")
        #expect(karchive("get", "--compact", "blob[*]", input: state).text == "[0,1,2]\n")
        // One element without the key: an error, naming that element.
        let ragged = try! archiveBytes([["id": 1], ["name": 2]])
        let run = karchive("get", "[*].id", input: ragged)
        #expect(run.status == 1 && run.output.isEmpty)
        #expect(run.errors.hasPrefix("error: keyNotFound at [1].id: "), "\(run.errors)")
    }

    @Test func keysListsTheKeysInEntryOrder() {
        #expect(karchive("get", "--keys", "--compact", ".", input: state).text == #"["settings","documents","counts","blob","levels"]"# + "\n")
        #expect(karchive("get", "--keys", "--compact", "counts", input: state).text == #"["7"]"# + "\n")
        #expect(karchive("get", "--keys", "--compact", "documents[*]", input: state).text
            == #"[["id","title","tags"],["id","title","tags"]]"# + "\n")
        let notKeyed = karchive("get", "--keys", "documents", input: state)
        #expect(notKeyed.status == 1)
        #expect(notKeyed.errors.hasPrefix("error: typeMismatch at documents: "), "\(notKeyed.errors)")
    }

    @Test func errorsNameThePathFollowed() {
        let expectations: [(path: String, prefix: String)] = [
            ("settings.colour", "error: keyNotFound at settings.colour: "),
            ("documents[2].id", "error: valueNotFound at documents[2]: "),
            ("settings.theme.x", "error: typeMismatch at settings.theme: "),
            ("settings[0]", "error: typeMismatch at settings: "),
        ]
        for (path, prefix) in expectations {
            let run = karchive("get", path, input: state)
            #expect(run.status == 1 && run.output.isEmpty, "\(path)")
            #expect(run.errors.hasPrefix(prefix) && run.errors.split(separator: "\n").count == 1, "\(path): \(run.errors)")
        }
        // A nil on the way is no container.
        let withNil = try! archiveBytes(["a": Int?.none])
        #expect(karchive("get", "a.b", input: withNil).errors.hasPrefix("error: valueNotFound at a: "))
        #expect(karchive("get", "--compact", "a", input: withNil).text == "null\n")
        // A damaged archive: the format error, as every command reports it.
        let run = karchive("get", "settings", input: Array(state.prefix(20)))
        #expect(run.status == 1)
        #expect(run.errors.hasPrefix("error: truncated at offset "), "\(run.errors)")
        // Limits apply as in a full decode.
        let deep = karchive("get", "--max-depth", "1", "documents[0].id", input: state)
        #expect(deep.status == 1 && deep.errors.hasPrefix("error: limit exceeded at offset "), "\(deep.errors)")
    }

    @Test func anInvalidPathIsAUsageError() {
        for path in ["a..b", "documents[", "documents[x]", "a b", "[\"unterminated"] {
            let run = karchive("get", path, input: state)
            #expect(run.status == 64, "\(path)")
            #expect(run.errors.contains("invalid path \"\(path)\": "), "\(path): \(run.errors)")
        }
    }

    @Test func compressedAndChecksummedArchivesGiveTheSameValues() throws {
        let packed = try archiveBytes(State(), compression: .zlib, checksum: .crc32)
        #expect(karchive("get", "--compact", "documents[*].title", input: packed).text == #"["a","b"]"# + "\n")
        var damaged = packed
        damaged[damaged.count - 1] ^= 1
        #expect(karchive("get", "documents", input: damaged).errors.hasPrefix("error: checksum mismatch at offset "))
        // A format error in the inflated body counts its offset there.
        let inflatedError = karchive("get", "--max-count", "1", "documents[1]", input: packed)
        #expect(inflatedError.errors.contains("of the inflated archive"), "\(inflatedError.errors)")
    }

    @Test func referencesOnThePathAreFollowedAndExpanded() throws {
        // {"a": 13 {"x": 1}, "b": 12 1}
        let owner = ReferenceArchives.sharedOwner
        #expect(karchive("get", "--compact", "b", input: owner).text == #"{"x":1}"# + "\n")
        #expect(karchive("get", "--compact", "b.x", input: owner).text == "1\n")
        #expect(karchive("get", "--compact", "a", input: owner).text == #"{"x":1}"# + "\n")
        #expect(karchive("get", "--keys", "--compact", "b", input: owner).text == #"["x"]"# + "\n")
        // [13 "s", [12 1, 12 1]]
        let two = ReferenceArchives.twoReferences
        #expect(karchive("get", "--compact", "[1]", input: two).text == #"["s","s"]"# + "\n")
        #expect(karchive("get", "--compact", "[*]", input: two).text == #"["s",["s","s"]]"# + "\n")
        // Written by the encoder: each value as it is in the whole archive's JSON.
        let team = [UInt8](try SharedTeam.archive())
        #expect(karchive("get", "--compact", "members[1].friends[0].name", input: team).text == #""Grace""# + "\n")
        #expect(karchive("get", "--compact", "members[*].name", input: team).text == #"["Alan","Ada"]"# + "\n")
        #expect(karchive("get", "--compact", "members[1]", input: team).text == karchive("get", "--compact", "lead", input: team).text)
        // The printed JSON is bounded as to-json bounds it.
        let small = ReferenceArchives.doublingLevels(3)
        let size = karchive("get", "--compact", ".", input: small).output.count - 1
        #expect(karchive("get", "--max-output-size", String(size), "--compact", ".", input: small).status == 0)
        let over = karchive("get", "--max-output-size", String(size - 1), "--compact", ".", input: small)
        #expect(over.status == 1 && over.errors.hasPrefix("error: expanding references makes the JSON larger than "), "\(over.errors)")
    }

    @Test func aStreamGivesOneLinePerFrame() throws {
        let frames = try [archiveBytes(["id": 1]), archiveBytes(["name": 2]), Array("nope".utf8), archiveBytes(["id": 3], compression: .zlib)]
        let input = frames.flatMap { withUnsafeBytes(of: UInt32($0.count).littleEndian, Array.init) + $0 }
        let run = karchive("get", "--stream", "id", input: input)
        #expect(run.status == 1)
        #expect(run.lines == ["1", "3"])
        let errors = run.errors.split(separator: "\n").map(String.init)
        #expect(errors.count == 2, "\(run.errors)")
        #expect(errors.first?.hasPrefix("error: frame 1 at offset \(4 + frames[0].count) (\(frames[1].count) bytes): keyNotFound at id: ") == true, "\(run.errors)")
        #expect(errors.last?.hasPrefix("error: frame 2 at offset ") == true, "\(run.errors)")
        let good = karchive("get", "--stream", "--keys", ".", input: Array(input.prefix(8 + frames[0].count + frames[1].count)))
        #expect(good.status == 0 && good.lines == [#"["id"]"#, #"["name"]"#])
    }

    @Test func helpDocumentsThePathSyntax() {
        let help = karchive("get", "--help").text
        for phrase in ["settings.theme", "documents[3].title", "[*]", "--keys", "--stream", "to-json", "keyNotFound"] {
            #expect(help.contains(phrase), "\(phrase)")
        }
        #expect(karchive("--help").text.contains("get"))
    }

    /// Random documents (the JSON property test's generator) through `from-json`, read at random
    /// paths: `get` prints the canonical JSON of the value the path names in the document, a
    /// `[*]` the array of each element's, and a path one step off fails naming where it went.
    @Test func randomPathsAgreeWithTheDocument() throws {
        let seed = ProcessInfo.processInfo.environment["KARCHIVE_GET_SEED"].flatMap { UInt64($0) } ?? 0x6E74_0000
        let count = Campaign.count("KARCHIVE_GET_COUNT", quick: 300, full: 3000)
        var failures = 0
        var checked = 0
        for index in 0..<count where failures < 5 {
            let caseSeed = seed &+ UInt64(index)
            var generator = TestJSONGenerator(seed: caseSeed)
            let document = generator.value(depth: 4)
            var options = ["from-json"]
            if generator.chance(0.3) { options.append("--zlib") }
            if generator.chance(0.3) { options.append("--checksum") }
            let archive = karchive(options, input: Array(TestJSONPrinter.canonical(document).utf8))
            guard archive.status == 0 else {
                Issue.record("seed \(caseSeed): from-json failed: \(archive.errors)")
                failures += 1
                continue
            }
            for _ in 0..<4 {
                let probe = GetProbe.random(in: document, &generator)
                let run = karchive(["get", "--compact"] + probe.arguments, input: archive.output)
                checked += 1
                if let problem = probe.check(run) {
                    failures += 1
                    Issue.record("seed \(caseSeed) (KARCHIVE_GET_SEED=\(caseSeed) KARCHIVE_GET_COUNT=1): get \(probe.arguments): \(problem)\ndocument: \(TestJSONPrinter.canonical(document))")
                    break
                }
            }
        }
        print("karchive get, random paths: \(checked) paths in \(count) documents from seed \(seed), \(failures) failing")
    }

    /// Random object graphs (shared nodes, no cycles) written with `preservesObjectIdentity`
    /// and without: at random paths, through references and into them, with `[*]` and
    /// `--keys`, and one step off, `get` prints the same, and fails the same, for both.
    @Test func withReferencesEveryPathPrintsWhatTheCopiesPrint() throws {
        final class Node: Codable {
            var name: String
            var children: [Node]
            init(_ name: String, _ children: [Node]) { self.name = name; self.children = children }
        }
        struct Graph: Codable { var first: Node; var all: [Node] }
        let count = Campaign.count("KARCHIVE_GET_REFERENCES_COUNT", quick: 60, full: 600)
        var shared = ArchiveEncoder()
        shared.preservesObjectIdentity = true
        // The campaign checks something only if many archives hold references and many paths
        // lead to a value.
        var (referring, printed) = (0, 0)
        defer { #expect(referring > count / 2 && printed > count * 2, "\(referring) archives with references, \(printed) values printed") }
        for index in 0..<count {
            var g = TestJSONGenerator(seed: 0x7265_6600 &+ UInt64(index))
            var nodes: [Node] = []
            for k in 0..<g.int(1...8) {
                nodes.append(Node("n\(k)", nodes.isEmpty ? [] : (0..<g.int(0...2)).map { _ in g.pick(nodes) }))
            }
            let graph = Graph(first: nodes.last!, all: nodes.reversed())
            let withReferences = [UInt8](try shared.encode(graph))
            let copies = [UInt8](try ArchiveEncoder().encode(graph))
            if withReferences[5] & 0x04 != 0 { referring += 1 }
            for _ in 0..<8 {
                var path = g.chance(0.3) ? "first" : g.chance(0.2) ? "all[*]" : "all[\(g.int(0...nodes.count))]"
                while g.chance(0.5) { path += g.chance(0.2) ? ".children[*]" : ".children[\(g.int(0...2))]" }
                if g.chance(0.5) { path += g.pick([".name", ".children", ".nope", ""]) }
                let arguments = ["get", "--compact"] + (g.chance(0.2) ? ["--keys"] : []) + [path]
                let expected = karchive(arguments, input: copies)
                let run = karchive(arguments, input: withReferences)
                if run.status == 0 { printed += 1 }
                #expect(run.status == expected.status && run.text == expected.text && run.errors == expected.errors,
                        "case \(index), \(arguments): \(run.status) \(run.text)\(run.errors) against \(expected.status) \(expected.text)\(expected.errors)")
            }
        }
    }

    /// Every truncation and random byte changes of archives from random documents, read at
    /// paths of the intact document: exit status 0, or 1 with one "error: " line.
    @Test func damagedArchivesFailWithOneErrorLine() throws {
        let count = Campaign.count("KARCHIVE_GET_DAMAGE_COUNT", quick: 30, full: 300)
        for index in 0..<count {
            var generator = TestJSONGenerator(seed: 0x6461_6D00 &+ UInt64(index))
            let document = generator.value(depth: 3)
            let archive = karchive(generator.chance(0.5) ? ["from-json", "--zlib"] : ["from-json"], input: Array(TestJSONPrinter.canonical(document).utf8)).output
            var damaged = (0..<archive.count).map { Array(archive.prefix($0)) }
            for _ in 0..<12 {
                var bytes = archive
                bytes[generator.int(0...bytes.count - 1)] = UInt8(truncatingIfNeeded: generator.int(0...255))
                damaged.append(bytes)
            }
            let probes = (0..<3).map { _ in GetProbe.random(in: document, &generator).arguments }
            for bytes in damaged {
                for arguments in probes {
                    let run = karchive(["get", "--compact"] + arguments, input: bytes)
                    let errorLines = run.errors.split(separator: "\n")
                    #expect(run.status == 0 || (run.status == 1 && errorLines.count == 1 && errorLines[0].hasPrefix("error: ")),
                            "get \(arguments): status \(run.status), \(run.errors)")
                }
            }
        }
    }
}

/// A `get` of a random document at a random path, and what it must print.
private struct GetProbe {
    let arguments: [String]
    /// The compact JSON expected, or the start of the error expected.
    let expected: Expected

    enum Expected {
        case json(String)
        case error(prefixes: [String])
    }

    /// A random path of `document`: a value in it (half of the time), every element's value
    /// under a `[*]` (a quarter), or a path one step past the document (a quarter); sometimes
    /// `--keys`.
    static func random(in document: TestJSON, _ g: inout TestJSONGenerator) -> GetProbe {
        let (components, value) = walk(from: document, &g)
        let path = ArchivePath(components)
        switch g.int(0...3) {
        case 0:
            // A wildcard at an array on the way (or at the end), then a walk in its first element.
            let arrays = (0...components.count).filter { isArray(lookup(document, components.prefix($0))!) }
            guard let cut = arrays.isEmpty ? nil : g.pick(arrays) else { return probe(path, value, &g) }
            let prefix = ArchivePath(Array(components.prefix(cut)))
            guard case .array(let elements) = lookup(document, prefix.components)! else { preconditionFailure() }
            let (rest, _) = elements.isEmpty ? ([], TestJSON.null) : walk(from: elements[0], &g)
            let text = prefix.components.isEmpty ? "[*]" : prefix.description + "[*]"
            let suffix = ArchivePath(rest).description
            let argument = rest.isEmpty ? text : text + (rest.first.map(isBareKey) == true ? "." : "") + suffix
            let found = elements.map { lookup($0, rest) }
            if found.contains(where: { $0 == nil }) {
                return GetProbe(arguments: ["--", argument], expected: .error(prefixes: ["error: keyNotFound at ", "error: valueNotFound at ", "error: typeMismatch at "]))
            }
            return GetProbe(arguments: ["--", argument], expected: .json("[" + found.map { TestJSONPrinter.canonical($0!) }.joined(separator: ",") + "]"))
        case 1:
            // One step off: a key the object lacks, the index past an array's end, a key of a scalar.
            switch value {
            case .object where isPlainObject(value):
                return GetProbe(arguments: ["--", path.appending(.key("no such key")).description],
                                expected: .error(prefixes: ["error: keyNotFound at \(path.appending(.key("no such key")))"]))
            case .array(let elements):
                return GetProbe(arguments: ["--", path.appending(.index(elements.count)).description],
                                expected: .error(prefixes: ["error: valueNotFound at \(path.appending(.index(elements.count))): "]))
            case .null:
                return GetProbe(arguments: ["--", path.appending(.key("x")).description], expected: .error(prefixes: ["error: valueNotFound at \(path): "]))
            case .bool, .number, .string:
                return GetProbe(arguments: ["--", path.appending(.key("x")).description], expected: .error(prefixes: ["error: typeMismatch at \(path): "]))
            default:
                return probe(path, value, &g)
            }
        default:
            return probe(path, value, &g)
        }
    }

    /// The value at `path`, or (for an object, sometimes) its keys.
    private static func probe(_ path: ArchivePath, _ value: TestJSON, _ g: inout TestJSONGenerator) -> GetProbe {
        if isPlainObject(value), g.chance(0.3), case .object(let members) = value {
            let names = members.map { TestJSONPrinter.quoted($0.name) }.joined(separator: ",")
            return GetProbe(arguments: ["--keys", "--", path.description], expected: .json("[" + names + "]"))
        }
        return GetProbe(arguments: ["--", path.description], expected: .json(TestJSONPrinter.canonical(value)))
    }

    /// Whether `run` printed what was expected; what differs if not.
    func check(_ run: KarchiveRun) -> String? {
        switch expected {
        case .json(let json):
            guard run.status == 0, run.text == json + "\n" else {
                return "expected \(json), got status \(run.status): \(run.text)\(run.errors)"
            }
        case .error(let prefixes):
            guard run.status == 1, run.output.isEmpty, prefixes.contains(where: run.errors.hasPrefix) else {
                return "expected an error starting \(prefixes), got status \(run.status): \(run.text)\(run.errors)"
            }
        }
        return nil
    }

    /// A random walk down from `value`: each step a key or an index the archive has there,
    /// stopping at random or where no step goes on.
    private static func walk(from value: TestJSON, _ g: inout TestJSONGenerator) -> ([ArchivePath.Component], TestJSON) {
        var components: [ArchivePath.Component] = []
        var value = value
        while g.chance(0.75) {
            let next = steps(of: value)
            guard !next.isEmpty else { break }
            let step = g.pick(next)
            components.append(step.component)
            value = step.value
        }
        return (components, value)
    }

    /// The steps the archive has from `value`: an array's indexes and an object's keys. A
    /// wrapper object is one scalar in the archive (a `$data`'s bytes are elements); a one-member object whose
    /// name is a wrapper's with one more `$` has the key without it (JSON.md §6).
    private static func steps(of value: TestJSON) -> [(component: ArchivePath.Component, value: TestJSON)] {
        switch value {
        case .array(let elements):
            return elements.enumerated().map { (.index($0.offset), $0.element) }
        case .object(let members):
            if members.count == 1, let dollars = TestJSONGenerator.wrapperDollars(members[0].name) {
                // A byte string's elements are its bytes, as `Data` decodes from it.
                if members[0].name == "$data", case .string(let base64) = members[0].value, let bytes = Data(base64Encoded: base64) {
                    return bytes.enumerated().map { (.index($0.offset), TestJSONGenerator.integer(String($0.element))) }
                }
                return dollars == 1 ? [] : [(.key(String(members[0].name.dropFirst())), members[0].value)]
            }
            return members.map { (.key($0.name), $0.value) }
        default:
            return []
        }
    }

    /// Whether `value` is an object whose JSON names are its keys (not a wrapper, not escaped).
    private static func isPlainObject(_ value: TestJSON) -> Bool {
        guard case .object(let members) = value else { return false }
        return !(members.count == 1 && TestJSONGenerator.wrapperDollars(members[0].name) != nil)
    }

    /// The value `components` lead to in `value`, matching keys as Swift strings (canonical
    /// equivalence, as the archive's keys match), or nil.
    private static func lookup(_ value: TestJSON, _ components: some Collection<ArchivePath.Component>) -> TestJSON? {
        var value = value
        for component in components {
            guard let step = steps(of: value).first(where: { matches($0.component, component) }) else { return nil }
            value = step.value
        }
        return value
    }

    private static func matches(_ a: ArchivePath.Component, _ b: ArchivePath.Component) -> Bool {
        switch (a, b) {
        case (.index(let i), .index(let j)): i == j
        case (.key(let x, _), .key(let y, _)): x == y
        default: false
        }
    }

    private static func isArray(_ value: TestJSON) -> Bool {
        if case .array = value { return true }
        return false
    }

    /// Whether the component is written bare (and so needs a "." after a `[*]`).
    private static func isBareKey(_ component: ArchivePath.Component) -> Bool {
        if case .key = component { return !component.description.hasPrefix("[") }
        return false
    }
}

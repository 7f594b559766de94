import Foundation
import KeyedArchive
import KeyedArchiveSamples

// usage: CallgrindProbe <model> <encode|decode|deterministic-encode|deterministic-decode|identity-encode|identity-decode|null-encode|null-decode> <iterations>
//
// Builds the model and round-trips it once (checked), then encodes it, or decodes the archive of
// it, `iterations` times with default `ArchiveEncoder`/`ArchiveDecoder` options. Run under
// callgrind with 10 and with 0 iterations: the difference divided by 10 is one operation's
// instructions, the setup being the same in both runs. Prints a checksum of what it produced,
// so that nothing is optimized away. deterministic-encode encodes with
// `ArchiveEncoder.deterministic` set, deterministic-decode decodes such an archive (keyed
// entries in key order rather than declaration order). identity-encode/identity-decode do the
// same with `ArchiveEncoder.preservesObjectIdentity`. null-encode/null-decode time the null coder instead
// (KeyedArchiveSamples' `nullCoder(for:)`, the Codable ceiling `karchive bench` shows): what the
// standard library's Codable machinery alone costs on the model.
//
// Models (the ones earlier commits measured; all from KeyedArchiveSamples, fixed seeds):
//   commits-int      1,000 commits, `enum CodingKeys: Int`   (IntKeyedCommit.sample())
//   commits-string   1,000 commits, synthesized string keys  (Commit.sample())
//   app-state        settings, 500 documents, 40 folders     (AppState.sample())
//   class-hierarchy  2,000 circles through superEncoder()     (Drawing.sample())
//   shared-hierarchy the same 1,000 circles twice: under IDENTITY, 1,000 shared objects and
//                    1,000 references (the object-graph pass, the decoder's reference index)
// Spaces may stand for hyphens ("commits int keys" works too).
//
// The message models (KeyedArchiveSamples' MessageModels.swift), compiled in with
// -Xswiftc -DMESSAGE_MODELS (callgrind.sh passes it when MODELS names one), so that the probe
// still builds against checkouts without them; one iteration is one message:
//   msg-empty          EmptyMessage               msg-numeric-list  NumericStructList (5)
//   msg-one            OneFieldMessage            msg-sample-list   PrimitivesSampleList (5)
//   msg-numeric        NumericStruct (12 Int32)   msg-media-list    MediaContentList (5)
//   msg-sample         PrimitivesSample
//   msg-media          MediaContent
// With DIRECT_CODE, their twins with generated code (GeneratedCodeMessages.swift) instead.
// The same models with synthesized string keys (StringKeyedMessages.swift; with DIRECT_CODE,
// GeneratedCodeStringKeyedMessages.swift), compiled in with -DSTRING_MESSAGE_MODELS (callgrind.sh
// passes it when MODELS names one): msg-empty-string, msg-one-string, … msg-media-list-string.

enum Operation: String {
    case encode, decode, deterministicEncode = "deterministic-encode", deterministicDecode = "deterministic-decode"
    case identityEncode = "identity-encode", identityDecode = "identity-decode"
    case nullEncode = "null-encode", nullDecode = "null-decode"
}

struct Model {
    let name: String
    let run: (Operation, Int) throws -> Int
}

func model<M: Codable>(_ name: String, _ make: @escaping () -> M, equal: @escaping (M, M) -> Bool) -> Model {
    Model(name: name) { operation, iterations in try run(make(), operation, iterations, equal: equal) }
}

func model<M: Codable & Equatable>(_ name: String, _ make: @escaping () -> M) -> Model {
    model(name, make, equal: { $0 == $1 })
}

/// Circles are classes without `==`: the same title, and circles of the same name, origin and radius.
func sameDrawing(_ a: Drawing, _ b: Drawing) -> Bool {
    a.title == b.title && a.circles.count == b.circles.count
        && zip(a.circles, b.circles).allSatisfy { $0.radius == $1.radius && $0.isEqual(to: $1) }
}

#if DIRECT_CODE
// DIRECT=1: the commit and app-state models' twins with the code `@ArchiveCodable` generates
// (KeyedArchiveSamples' GeneratedCodeCommit, GeneratedCodeAppState), the same bytes through the
// generated-code path.
let plainModels: [Model] = [
    model("commits-int") { IntKeyedCommit.sample().map(GeneratedCodeIntKeyedCommit.init) },
    model("commits-string") { Commit.sample().map(GeneratedCodeCommit.init) },
    model("app-state") { GeneratedCodeAppState(AppState.sample()) },
]
#else
let plainModels: [Model] = [
    model("commits-int") { IntKeyedCommit.sample() },
    model("commits-string") { Commit.sample() },
    model("app-state") { AppState.sample() },
]
#endif

#if MESSAGE_MODELS && DIRECT_CODE
// DIRECT=1: the messages' twins with the code `@ArchiveCodable` generates, the same bytes.
let messageModels: [Model] = [
    model("msg-empty") { GeneratedCodeEmptyMessage(EmptyMessage.sample()) },
    model("msg-one") { GeneratedCodeOneFieldMessage(OneFieldMessage.sample()) },
    model("msg-numeric") { GeneratedCodeNumericStruct(NumericStruct.sample()) },
    model("msg-sample") { GeneratedCodePrimitivesSample(PrimitivesSample.sample()) },
    model("msg-media") { GeneratedCodeMediaContent(MediaContent.sample()) },
    model("msg-numeric-list") { GeneratedCodeNumericStructList(NumericStructList.sample()) },
    model("msg-sample-list") { GeneratedCodePrimitivesSampleList(PrimitivesSampleList.sample()) },
    model("msg-media-list") { GeneratedCodeMediaContentList(MediaContentList.sample()) },
]
#elseif MESSAGE_MODELS
let messageModels: [Model] = [
    model("msg-empty") { EmptyMessage.sample() },
    model("msg-one") { OneFieldMessage.sample() },
    model("msg-numeric") { NumericStruct.sample() },
    model("msg-sample") { PrimitivesSample.sample() },
    model("msg-media") { MediaContent.sample() },
    model("msg-numeric-list") { NumericStructList.sample() },
    model("msg-sample-list") { PrimitivesSampleList.sample() },
    model("msg-media-list") { MediaContentList.sample() },
]
#else
let messageModels: [Model] = []
#endif

#if STRING_MESSAGE_MODELS && DIRECT_CODE
let stringMessageModels: [Model] = [
    model("msg-empty-string") { GeneratedCodeStringKeyedEmptyMessage(EmptyMessage.sample()) },
    model("msg-one-string") { GeneratedCodeStringKeyedOneFieldMessage(OneFieldMessage.sample()) },
    model("msg-numeric-string") { GeneratedCodeStringKeyedNumericStruct(NumericStruct.sample()) },
    model("msg-sample-string") { GeneratedCodeStringKeyedPrimitivesSample(PrimitivesSample.sample()) },
    model("msg-media-string") { GeneratedCodeStringKeyedMediaContent(MediaContent.sample()) },
    model("msg-numeric-list-string") { GeneratedCodeStringKeyedNumericStructList(NumericStructList.sample()) },
    model("msg-sample-list-string") { GeneratedCodeStringKeyedPrimitivesSampleList(PrimitivesSampleList.sample()) },
    model("msg-media-list-string") { GeneratedCodeStringKeyedMediaContentList(MediaContentList.sample()) },
]
#elseif STRING_MESSAGE_MODELS
let stringMessageModels: [Model] = [
    model("msg-empty-string") { StringKeyedEmptyMessage(EmptyMessage.sample()) },
    model("msg-one-string") { StringKeyedOneFieldMessage(OneFieldMessage.sample()) },
    model("msg-numeric-string") { StringKeyedNumericStruct(NumericStruct.sample()) },
    model("msg-sample-string") { StringKeyedPrimitivesSample(PrimitivesSample.sample()) },
    model("msg-media-string") { StringKeyedMediaContent(MediaContent.sample()) },
    model("msg-numeric-list-string") { StringKeyedNumericStructList(NumericStructList.sample()) },
    model("msg-sample-list-string") { StringKeyedPrimitivesSampleList(PrimitivesSampleList.sample()) },
    model("msg-media-list-string") { StringKeyedMediaContentList(MediaContentList.sample()) },
]
#else
let stringMessageModels: [Model] = []
#endif

let models: [Model] = plainModels + [
    model("class-hierarchy", { Drawing.sample() }, equal: sameDrawing),
    model("shared-hierarchy", {
        var drawing = Drawing.sample(count: 1_000)
        drawing.circles += drawing.circles
        return drawing
    }, equal: sameDrawing),
] + messageModels + stringMessageModels

/// Keeps `value` observable to the optimizer.
@inline(never) func consume<T>(_ value: T) { withExtendedLifetime(value) {} }

/// What an archive contributes to the checksum: its size. Not its bytes: reading three of them
/// through `Data`'s subscripts cost about 280 instructions per archive (callgrind), which the
/// gate counted as the coder's, a sixth of an empty message's encode.
@inline(__always) func digest(_ data: Data) -> Int { data.count }

struct RoundTripFailed: Error, CustomStringConvertible {
    var description: String { "the decoded model differs from the encoded one" }
}

@inline(never) func run<M: Codable>(_ value: M, _ operation: Operation, _ iterations: Int, equal: (M, M) -> Bool) throws -> Int {
    // The newer options are compiled in only when asked for (callgrind.sh passes the flags), so
    // that the probe still builds against checkouts that predate them.
    if operation == .nullEncode || operation == .nullDecode {
        #if NULL_CODER
        return try runNull(value, operation, iterations, equal: equal)
        #else
        throw NotCompiledIn(operation: operation, flag: "NULL_CODER")
        #endif
    }
    var encoder = ArchiveEncoder()
    if operation == .deterministicEncode || operation == .deterministicDecode {
        #if DETERMINISTIC_OPTION
        encoder.deterministic = true
        #else
        throw NotCompiledIn(operation: operation, flag: "DETERMINISTIC_OPTION")
        #endif
    }
    if operation == .identityEncode || operation == .identityDecode {
        #if OBJECT_IDENTITY_OPTION
        encoder.preservesObjectIdentity = true
        #else
        throw NotCompiledIn(operation: operation, flag: "OBJECT_IDENTITY_OPTION")
        #endif
    }
    let decoder = ArchiveDecoder()
    // Setup, the same for 0 and for N iterations: one round trip, checked. Besides giving decode
    // its archive, it pays the one-time costs (metadata, conformance lookups, lazy globals) of
    // both directions, which would otherwise be counted in N iterations and not in 0.
    let archive = try encoder.encode(value)
    guard equal(try decoder.decode(M.self, from: archive), value) else { throw RoundTripFailed() }
    var checksum = digest(archive)
    switch operation {
    case .encode, .deterministicEncode, .identityEncode:
        for _ in 0..<iterations {
            checksum &+= digest(try encoder.encode(value))
        }
    case .decode, .deterministicDecode, .identityDecode, .nullEncode, .nullDecode:
        for _ in 0..<iterations {
            consume(try decoder.decode(M.self, from: archive))
            checksum &+= 1
        }
    }
    consume(value)
    return checksum
}

struct NotCompiledIn: Error, CustomStringConvertible {
    let operation: Operation
    let flag: String
    var description: String { "\(operation.rawValue) needs the probe built with -Xswiftc -D\(flag)" }
}

#if NULL_CODER
/// `run` with the null coder: the same setup (one checked round trip), then N null encodes or
/// N replays of the recording.
@inline(never) func runNull<M: Codable>(_ value: M, _ operation: Operation, _ iterations: Int, equal: (M, M) -> Bool) throws -> Int {
    let coder = try nullCoder(for: UncheckedBox(value))
    guard equal(try coder.decode(coder.encode(UncheckedBox(value))).value, value) else { throw RoundTripFailed() }
    var checksum = 0
    for _ in 0..<iterations {
        if operation == .nullEncode {
            checksum &+= try coder.encode(UncheckedBox(value)).count &+ 1
        } else {
            consume(try coder.decode(Data()))
            checksum &+= 1
        }
    }
    consume(value)
    return checksum
}

/// The models are `Sendable`; `run` is generic over `Codable` only. A box that encodes and
/// decodes as its value lets it use `nullCoder(for:)`, which asks for `Sendable`.
struct UncheckedBox<M: Codable>: Codable, @unchecked Sendable {
    let value: M
    init(_ value: M) { self.value = value }
    init(from decoder: any Decoder) throws { value = try M(from: decoder) }
    func encode(to encoder: any Encoder) throws { try value.encode(to: encoder) }
}
#endif

@MainActor func usage() -> Never {
    let names = models.map(\.name).joined(separator: "|")
    FileHandle.standardError.write(Data("usage: CallgrindProbe <\(names)> <encode|decode> <iterations>\n".utf8))
    exit(2)
}

#if GATE
// `CallgrindProbe gate <iterations> <document iterations>`: the callgrind gate's run (Gate.swift).
if CommandLine.arguments.count == 4, CommandLine.arguments[1] == "gate",
   let iterations = Int(CommandLine.arguments[2]), let documentIterations = Int(CommandLine.arguments[3]) {
    do {
        try runGate(iterations: iterations, documentIterations: documentIterations)
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("CallgrindProbe gate: \(error)\n".utf8))
        exit(1)
    }
}
#endif

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 3 else { usage() }
let name = arguments[arguments.startIndex]
    .lowercased()
    .replacingOccurrences(of: " keys", with: "")
    .replacingOccurrences(of: " ", with: "-")
guard let selected = models.first(where: { $0.name == name }),
      let operation = Operation(rawValue: arguments[arguments.startIndex + 1]),
      let iterations = Int(arguments[arguments.startIndex + 2]), iterations >= 0
else { usage() }

do {
    let checksum = try selected.run(operation, iterations)
    print("\(selected.name) \(operation.rawValue) \(iterations): checksum \(checksum)")
} catch {
    FileHandle.standardError.write(Data("CallgrindProbe: \(error)\n".utf8))
    exit(1)
}

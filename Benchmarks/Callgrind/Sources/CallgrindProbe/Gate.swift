#if GATE
import Foundation
import KeyedArchive
import KeyedArchiveSamples

// `CallgrindProbe gate`: every measurement of the callgrind gate (Benchmarks/Scripts/callgrind-gate.sh,
// run by `.ci/run`) in one process: each message model and varying stream, and the commit and
// app-state documents, in both key forms, on the `Codable` path and on generated code, each way.
//
// Each measurement gets its own encoder and decoder, runs its stream once (checked) so that what
// a first use costs (metadata, key tables, buffers) is paid before, then runs the stream
// `iterations` times inside `measured`, which callgrind is told to zero its counts before and dump
// them after (`--zero-before`, `--dump-after`): dump n holds measurement n's instructions and no
// other. The probe prints one line per measurement, in order: its name and how many messages
// the dump counts, so that the script divides by them.

/// The region callgrind counts: everything `body` runs, and nothing else. Its symbol has a plain
/// name for callgrind's options. The body comes in a class instance, not as a closure argument,
/// so that the optimizer makes no copy of this function specialized for a closure (under
/// another name, which callgrind would not watch).
@inline(never) @_optimize(none) @_silgen_name("karchive_callgrind_measured")
func measured(_ body: MeasuredBody) throws -> Int { try body.run() }

/// What `measured` runs.
final class MeasuredBody {
    let run: () throws -> Int
    init(_ run: @escaping () throws -> Int) { self.run = run }
}

/// One message of a stream with its type erased: it encodes itself, or decodes its archive.
struct GateStep {
    let encode: (ArchiveEncoder) throws -> Int
    let decode: (ArchiveDecoder) throws -> Int
}

/// A step for `value`, its archive made and checked with a fresh coder.
func gateStep<T: Codable & Equatable>(_ value: T) throws -> GateStep {
    let archive = try ArchiveEncoder().encode(value)
    guard try ArchiveDecoder().decode(T.self, from: archive) == value else { throw RoundTripFailed() }
    return GateStep(
        encode: { encoder in digest(try encoder.encode(value)) },
        decode: { decoder in
            guard try decoder.decode(T.self, from: archive) == value else { throw RoundTripFailed() }
            return 1
        })
}

/// A step that reads `source`'s archive as `T` (another version of its type), expecting what a
/// fresh decoder reads, which `check` accepts; it writes that value.
func gateReadStep<S: Encodable, T: Codable & Equatable>(_ source: S, as _: T.Type, check: (T) -> Bool) throws -> GateStep {
    let archive = try ArchiveEncoder().encode(source)
    let expected = try ArchiveDecoder().decode(T.self, from: archive)
    guard check(expected) else { throw RoundTripFailed() }
    return GateStep(
        encode: { encoder in digest(try encoder.encode(expected)) },
        decode: { decoder in
            guard try decoder.decode(T.self, from: archive) == expected else { throw RoundTripFailed() }
            return 1
        })
}

/// One row of the gate: a model (a stream of messages, or one document), its key form and path.
struct GateModel {
    let name: String
    let keys: String
    let path: String
    let steps: [GateStep]
}

/// A model's four rows: integer and string keys, each plain (`Codable`) and with generated code.
func gateModels(_ name: String, int: [GateStep], intGenerated: [GateStep],
                string: [GateStep], stringGenerated: [GateStep]) -> [GateModel] {
    [
        GateModel(name: name, keys: "int", path: "codable", steps: int),
        GateModel(name: name, keys: "int", path: "generated", steps: intGenerated),
        GateModel(name: name, keys: "string", path: "codable", steps: string),
        GateModel(name: name, keys: "string", path: "generated", steps: stringGenerated),
    ]
}

/// A message model's four rows, made from its integer-keyed sample.
func messageModels<M, I: Codable & Equatable, IG: Codable & Equatable, S: Codable & Equatable, SG: Codable & Equatable>(
    _ name: String, _ sample: M, int: (M) -> I, intGenerated: (M) -> IG, string: (M) -> S, stringGenerated: (M) -> SG
) throws -> [GateModel] {
    gateModels(name, int: [try gateStep(int(sample))], intGenerated: [try gateStep(intGenerated(sample))],
               string: [try gateStep(string(sample))], stringGenerated: [try gateStep(stringGenerated(sample))])
}

/// A varying stream's four rows: each message of `stream` in each form.
func streamModels<M, I: Codable & Equatable, IG: Codable & Equatable, S: Codable & Equatable, SG: Codable & Equatable>(
    _ name: String, _ stream: [M], int: (M) -> I, intGenerated: (M) -> IG, string: (M) -> S, stringGenerated: (M) -> SG
) throws -> [GateModel] {
    gateModels(name, int: try stream.map { try gateStep(int($0)) }, intGenerated: try stream.map { try gateStep(intGenerated($0)) },
               string: try stream.map { try gateStep(string($0)) }, stringGenerated: try stream.map { try gateStep(stringGenerated($0)) })
}

func identity<T>(_ value: T) -> T { value }

/// Every model of the gate, in the order of the baselines file.
func allGateModels() throws -> [GateModel] {
    var models: [GateModel] = []
    models += try messageModels("msg-empty", EmptyMessage.sample(), int: identity, intGenerated: GeneratedCodeEmptyMessage.init,
                                string: StringKeyedEmptyMessage.init, stringGenerated: GeneratedCodeStringKeyedEmptyMessage.init)
    models += try messageModels("msg-one", OneFieldMessage.sample(), int: identity, intGenerated: GeneratedCodeOneFieldMessage.init,
                                string: StringKeyedOneFieldMessage.init, stringGenerated: GeneratedCodeStringKeyedOneFieldMessage.init)
    models += try messageModels("msg-numeric", NumericStruct.sample(), int: identity, intGenerated: GeneratedCodeNumericStruct.init,
                                string: StringKeyedNumericStruct.init, stringGenerated: GeneratedCodeStringKeyedNumericStruct.init)
    models += try messageModels("msg-sample", PrimitivesSample.sample(), int: identity, intGenerated: GeneratedCodePrimitivesSample.init,
                                string: StringKeyedPrimitivesSample.init, stringGenerated: GeneratedCodeStringKeyedPrimitivesSample.init)
    models += try messageModels("msg-media", MediaContent.sample(), int: identity, intGenerated: GeneratedCodeMediaContent.init,
                                string: StringKeyedMediaContent.init, stringGenerated: GeneratedCodeStringKeyedMediaContent.init)
    models += try messageModels("msg-numeric-list", NumericStructList.sample(), int: identity,
                                intGenerated: GeneratedCodeNumericStructList.init, string: StringKeyedNumericStructList.init,
                                stringGenerated: GeneratedCodeStringKeyedNumericStructList.init)
    models += try messageModels("msg-sample-list", PrimitivesSampleList.sample(), int: identity,
                                intGenerated: GeneratedCodePrimitivesSampleList.init, string: StringKeyedPrimitivesSampleList.init,
                                stringGenerated: GeneratedCodeStringKeyedPrimitivesSampleList.init)
    models += try messageModels("msg-media-list", MediaContentList.sample(), int: identity,
                                intGenerated: GeneratedCodeMediaContentList.init, string: StringKeyedMediaContentList.init,
                                stringGenerated: GeneratedCodeStringKeyedMediaContentList.init)
    // The streams whose shape varies from one message to the next (VaryingMessages.swift).
    models += try streamModels("vary-optionals", ProfileUpdate.stream(), int: identity, intGenerated: GeneratedCodeProfileUpdate.init,
                               string: StringKeyedProfileUpdate.init, stringGenerated: GeneratedCodeStringKeyedProfileUpdate.init)
    models += try streamModels("vary-enum", InputEvent.stream(), int: identity, intGenerated: GeneratedCodeInputEvent.init,
                               string: StringKeyedInputEvent.init, stringGenerated: GeneratedCodeStringKeyedInputEvent.init)
    models += try streamModels("vary-array", EventBatch.stream(), int: identity, intGenerated: GeneratedCodeEventBatch.init,
                               string: StringKeyedEventBatch.init, stringGenerated: GeneratedCodeStringKeyedEventBatch.init)
    let alternating = AlternatingStream.sample()
    let pairs = Array(zip(alternating.heartbeats, alternating.lines))
    models += gateModels(
        "vary-two-types",
        int: try pairs.flatMap { [try gateStep($0), try gateStep($1)] },
        intGenerated: try pairs.flatMap { [try gateStep(GeneratedCodeHeartbeat($0)), try gateStep(GeneratedCodeChatLine($1))] },
        string: try pairs.flatMap { [try gateStep(StringKeyedHeartbeat($0)), try gateStep(StringKeyedChatLine($1))] },
        stringGenerated: try pairs.flatMap {
            [try gateStep(GeneratedCodeStringKeyedHeartbeat($0)), try gateStep(GeneratedCodeStringKeyedChatLine($1))]
        })
    // Documents: 1,000 commits, and the app state (string keys only: it has no integer-keyed twin
    // with generated code).
    let commits = Commit.sample()
    models += gateModels(
        "doc-commits",
        int: [try gateStep(commits.map(IntKeyedCommit.init))],
        intGenerated: [try gateStep(commits.map { GeneratedCodeIntKeyedCommit(IntKeyedCommit($0)) })],
        string: [try gateStep(commits)], stringGenerated: [try gateStep(commits.map(GeneratedCodeCommit.init))])
    let state = AppState.sample()
    models += [
        GateModel(name: "doc-app-state", keys: "string", path: "codable", steps: [try gateStep(state)]),
        GateModel(name: "doc-app-state", keys: "string", path: "generated", steps: [try gateStep(GeneratedCodeAppState(state))]),
    ]
    // Evolution, generated code, string keys: the newest version's archive read by that version,
    // with its entries in reverse order, and by an older version that passes the extra entry
    // over or keeps it (`ArchiveUnknownFields`, written back in place).
    let newer = GeneratedCodeEvolvingNewer.sample()
    let newerArchive = try ArchiveEncoder().encode(newer)
    models += [
        GateModel(name: "evo-newer", keys: "string", path: "generated", steps: [try gateStep(newer)]),
        GateModel(name: "evo-reversed", keys: "string", path: "generated",
                  steps: [try gateReadStep(EvolvingReversed(newer), as: GeneratedCodeEvolvingNewer.self) { $0 == newer }]),
        GateModel(name: "evo-older", keys: "string", path: "generated",
                  steps: [try gateReadStep(newer, as: GeneratedCodeEvolvingOlderPlain.self) { $0 == GeneratedCodeEvolvingOlderPlain(newer) }]),
        GateModel(name: "evo-unknown", keys: "string", path: "generated",
                  steps: [try gateReadStep(newer, as: GeneratedCodeEvolvingOlder.self) { (try? ArchiveEncoder().encode($0)) == newerArchive }]),
    ]
    return models
}

/// Runs every measurement: `iterations` passes over each message stream, `documentIterations`
/// over each document. Prints, per measurement, "model keys path operation messages".
func runGate(iterations: Int, documentIterations: Int) throws {
    var checksum = 0
    for model in try allGateModels() {
        let passes = model.name.hasPrefix("doc-") ? documentIterations : iterations
        for operation in ["encode", "decode"] {
            let encoder = ArchiveEncoder(), decoder = ArchiveDecoder()
            let run = { () throws -> Int in
                var sum = 0
                if operation == "encode" {
                    for step in model.steps { sum &+= try step.encode(encoder) }
                } else {
                    for step in model.steps { sum &+= try step.decode(decoder) }
                }
                return sum
            }
            checksum &+= try run()
            checksum &+= try measured(MeasuredBody {
                var sum = 0
                for _ in 0..<passes { sum &+= try run() }
                return sum
            })
            print("\(model.name) \(model.keys) \(model.path) \(operation) \(passes * model.steps.count)")
        }
    }
    print("checksum \(checksum)")
}
#endif

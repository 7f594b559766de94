// The same gRPC service (unary echo calls over HTTP/2 on 127.0.0.1) with three message
// serializations: KeyedArchiveGRPC's ArchiveMessageSerializer, JSONEncoder, and swift-protobuf's
// generated messages (converted from and to the Swift model). Requests per second and bytes per
// message, in one run, the coders in turn round after round.
//
// Usage: swift run -c release GRPCBenchmark [--rounds N] [--calls N] [--concurrency N]
import Foundation
import GRPCCore
import GRPCNIOTransportHTTP2
import KeyedArchive
import KeyedArchiveGRPC
import KeyedArchiveSamples

/// The server side of one variant: an echo method with its serializer and deserializer.
protocol EchoMethod: Sendable {
    func register<Transport: ServerTransport>(with router: inout RPCRouter<Transport>)
}

struct Echo<Model: Sendable, Serializer: MessageSerializer<Model>, Deserializer: MessageDeserializer<Model>>: EchoMethod {
    let method: MethodDescriptor
    let serializer: Serializer
    let deserializer: Deserializer

    func register<Transport: ServerTransport>(with router: inout RPCRouter<Transport>) {
        router.registerHandler(forMethod: method, deserializer: deserializer, serializer: serializer) { request, _ in
            StreamingServerResponse { writer in
                for try await message in request.messages { try await writer.write(message) }
                return [:]
            }
        }
    }
}

/// One serialization of one model: the server's echo method, and one checked call of it.
struct Variant: Sendable {
    let model: String
    let coder: String
    let echo: any EchoMethod
    /// Makes one echo call and checks the answer.
    let call: @Sendable (GRPCClient<HTTP2ClientTransport.Posix>) async throws -> Void
    /// The message's serialized size in bytes.
    let messageBytes: Int
}

func variant<Model: Codable & Equatable & Sendable>(
    model name: String, value: Model, coder: String,
    serializer: some MessageSerializer<Model>, deserializer: some MessageDeserializer<Model>
) throws -> Variant {
    // A method name is part of the request's HTTP/2 `:path`: letters and digits only.
    let methodName = "\(name)\(coder)".filter { $0.isASCII && ($0.isLetter || $0.isNumber) }
    let method = MethodDescriptor(fullyQualifiedService: "kabench.Echo", method: methodName)
    let size = (try serializer.serialize(value) as [UInt8]).count
    return Variant(
        model: name, coder: coder, echo: Echo(method: method, serializer: serializer, deserializer: deserializer),
        call: { client in
            let answer = try await client.unary(request: ClientRequest(message: value), descriptor: method,
                                                serializer: serializer, deserializer: deserializer, options: .defaults) { try $0.message }
            guard answer == value else { throw RPCError(code: .dataLoss, message: "\(name) \(coder): wrong answer") }
        },
        messageBytes: size)
}

struct EchoService: RegistrableRPCService {
    let variants: [Variant]
    func registerMethods<Transport: ServerTransport>(with router: inout RPCRouter<Transport>) {
        for variant in variants { variant.echo.register(with: &router) }
    }
}

func argument(_ name: String, default value: Int) -> Int {
    let arguments = CommandLine.arguments
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count, let number = Int(arguments[index + 1]) else { return value }
    return number
}

let rounds = argument("--rounds", default: 7)
let callsPerRound = argument("--calls", default: 2_000)
let concurrency = argument("--concurrency", default: 8)

let commits = Commit.sample(count: 20)
let state = AppState.sample(documents: 20)
let variants = try [
    variant(model: "20 commits", value: commits, coder: "KeyedArchive",
            serializer: ArchiveMessageSerializer<[Commit]>(), deserializer: ArchiveMessageDeserializer<[Commit]>()),
    variant(model: "20 commits", value: commits, coder: "JSONEncoder",
            serializer: JSONMessageSerializer<[Commit]>(), deserializer: JSONMessageDeserializer<[Commit]>()),
    variant(model: "20 commits", value: commits, coder: "swift-protobuf",
            serializer: ProtobufMessageSerializer<[Commit]>(), deserializer: ProtobufMessageDeserializer<[Commit]>()),
    variant(model: "app state, 20 documents", value: state, coder: "KeyedArchive",
            serializer: ArchiveMessageSerializer<AppState>(), deserializer: ArchiveMessageDeserializer<AppState>()),
    variant(model: "app state, 20 documents", value: state, coder: "JSONEncoder",
            serializer: JSONMessageSerializer<AppState>(), deserializer: JSONMessageDeserializer<AppState>()),
    variant(model: "app state, 20 documents", value: state, coder: "swift-protobuf",
            serializer: ProtobufMessageSerializer<AppState>(), deserializer: ProtobufMessageDeserializer<AppState>()),
]

/// `calls` echo calls of `variant`, `concurrency` at a time; returns the seconds taken.
func measure(_ variant: Variant, calls: Int, client: GRPCClient<HTTP2ClientTransport.Posix>) async throws -> Double {
    let start = ContinuousClock.now
    try await withThrowingTaskGroup(of: Void.self) { group in
        for worker in 0..<concurrency {
            group.addTask {
                for _ in stride(from: worker, to: calls, by: concurrency) { try await variant.call(client) }
            }
        }
        try await group.waitForAll()
    }
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

try await withGRPCServer(transport: .http2NIOPosix(address: .ipv4(host: "127.0.0.1", port: 0), transportSecurity: .plaintext),
                         services: [EchoService(variants: variants)]) { server in
    guard let port = try await server.listeningAddress?.ipv4?.port else { fatalError("the server is not listening") }
    try await withGRPCClient(transport: .http2NIOPosix(target: .ipv4(address: "127.0.0.1", port: port), transportSecurity: .plaintext)) { client in
        // Warm-up: connections, code paths, allocator; and a check that every variant works.
        for variant in variants {
            do {
                _ = try await measure(variant, calls: 200, client: client)
            } catch {
                print("\(variant.model), \(variant.coder): \(error)")
                throw error
            }
        }
        var seconds = [String: [Double]]()
        for _ in 0..<rounds {
            for variant in variants {
                seconds["\(variant.model)/\(variant.coder)", default: []].append(try await measure(variant, calls: callsPerRound, client: client))
            }
        }
        print("gRPC unary echo over HTTP/2 on 127.0.0.1, \(concurrency) calls in flight, \(callsPerRound) calls per coder per round, \(rounds) rounds, coders in turn")
        print("")
        print("| model | serialization | calls/s | × JSON | bytes per message |")
        print("|---|---|---:|---:|---:|")
        for variant in variants {
            let rounds = seconds["\(variant.model)/\(variant.coder)"]!
            let json = seconds["\(variant.model)/JSONEncoder"]!
            // Per-round ratios, then their median: a slow moment of the machine hits every
            // coder of its round alike.
            let ratio = median(zip(json, rounds).map { $0 / $1 })
            let rate = Double(callsPerRound) / median(rounds)
            print("| \(variant.model) | \(variant.coder) | \(Int(rate.rounded())) | \(String(format: "%.2f", ratio))× | \(variant.messageBytes) |")
        }
        print("")
        print("bytes per message: the serialized message, each way (gRPC adds 5 bytes of its own framing per message, HTTP/2 its frame headers).")
    }
}

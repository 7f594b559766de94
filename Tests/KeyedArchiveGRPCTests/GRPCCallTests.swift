import Foundation
import Synchronization
import GRPCCore
import GRPCInProcessTransport
import KeyedArchive
import KeyedArchiveGRPC
import KeyedArchiveSamples
import Testing

/// A gRPC service whose messages are the sample models, serialized by `KeyedArchiveGRPC`: every
/// kind of call, and malformed messages that fail only their own call. Through GRPCCore's
/// in-process transport, which carries the serialized bytes as a network transport would
/// (the DocC sample runs over real HTTP/2 in the Tests/GRPCOverHTTP2 package).
@Suite(.serialized) struct GRPCCallTests {
    /// Every call has a deadline, so that a hang fails the test instead of stalling the run:
    /// generous, because a loaded machine slows a call down (the calls run on a thread of their
    /// own, `executor`, so that the parallel campaigns of a test run do not stop them).
    static let bounded: CallOptions = {
        var options = CallOptions.defaults
        options.timeout = .seconds(600)
        return options
    }()

    /// Every message of a streamed response, in order.
    static func allMessages<Message>(of response: StreamingClientResponse<Message>) async throws -> [Message] {
        var messages: [Message] = []
        for try await message in response.messages { messages.append(message) }
        return messages
    }

    /// What a client asks `listCommits` for.
    struct CommitQuery: Codable, Sendable {
        var count: Int
    }

    /// What `countCommits` answers.
    struct CommitSummary: Codable, Equatable, Sendable {
        var count: Int
        var authors: [String]
    }

    /// The test service: no `.proto`, no generated code; the methods registered by hand.
    struct SampleService: RegistrableRPCService {
        static let service = "keyedarchive.test.Samples"
        /// Unary: the app state, returned as received.
        static let echoState = MethodDescriptor(fullyQualifiedService: service, method: "EchoState")
        /// Server streaming: `count` commits of `Commit.sample`.
        static let listCommits = MethodDescriptor(fullyQualifiedService: service, method: "ListCommits")
        /// Client streaming: how many commits arrived, and their authors.
        static let countCommits = MethodDescriptor(fullyQualifiedService: service, method: "CountCommits")
        /// Bidirectional: each commit returned as it arrives.
        static let echoCommits = MethodDescriptor(fullyQualifiedService: service, method: "EchoCommits")

        func registerMethods<Transport: ServerTransport>(with router: inout RPCRouter<Transport>) {
            router.registerHandler(forMethod: Self.echoState, deserializer: ArchiveMessageDeserializer<AppState>(),
                                   serializer: ArchiveMessageSerializer<AppState>()) { request, _ in
                StreamingServerResponse { writer in
                    for try await state in request.messages { try await writer.write(state) }
                    return [:]
                }
            }
            router.registerHandler(forMethod: Self.listCommits, deserializer: ArchiveMessageDeserializer<CommitQuery>(),
                                   serializer: ArchiveMessageSerializer<Commit>()) { request, _ in
                StreamingServerResponse { writer in
                    for try await query in request.messages { try await writer.write(contentsOf: Commit.sample(count: query.count)) }
                    return [:]
                }
            }
            router.registerHandler(forMethod: Self.countCommits, deserializer: ArchiveMessageDeserializer<Commit>(),
                                   serializer: ArchiveMessageSerializer<CommitSummary>()) { request, _ in
                StreamingServerResponse { writer in
                    var summary = CommitSummary(count: 0, authors: [])
                    for try await commit in request.messages {
                        summary.count += 1
                        if !summary.authors.contains(commit.author.name) { summary.authors.append(commit.author.name) }
                    }
                    try await writer.write(summary)
                    return [:]
                }
            }
            router.registerHandler(forMethod: Self.echoCommits, deserializer: ArchiveMessageDeserializer<Commit>(),
                                   serializer: ArchiveMessageSerializer<Commit>()) { request, _ in
                StreamingServerResponse { writer in
                    for try await commit in request.messages { try await writer.write(commit) }
                    return [:]
                }
            }
        }
    }

    /// Bytes that are not an archive, sent as a message.
    struct JunkSerializer<Message>: MessageSerializer {
        let junk: [UInt8]
        func serialize<Bytes: GRPCContiguousBytes>(_ message: Message) throws -> Bytes { Bytes(junk) }
    }

    /// The thread the calls run on: not the cooperative pool's, which the parallel campaigns
    /// of a test run keep busy for minutes (`OwnThreadExecutor`).
    static let executor = OwnThreadExecutor(label: "GRPCCallTests")

    /// Runs the service and `body` with a client connected to it, on `executor`.
    func withServiceAndClient(_ body: @Sendable (GRPCClient<InProcessTransport.Client>) async throws -> Void) async throws {
        try await withTaskExecutorPreference(Self.executor) {
            let transport = InProcessTransport()
            try await withGRPCServer(transport: transport.server, services: [SampleService()]) { _ in
                try await withGRPCClient(transport: transport.client) { client in
                    try await body(client)
                }
            }
        }
    }

    @Test func everyKindOfCallWithTheSampleModels() async throws {
        try await withServiceAndClient { client in
            // Unary.
            let state = AppState.sample(documents: 50)
            let echoed = try await client.unary(request: ClientRequest(message: state), descriptor: SampleService.echoState,
                                                serializer: ArchiveMessageSerializer<AppState>(),
                                                deserializer: ArchiveMessageDeserializer<AppState>(), options: Self.bounded) { try $0.message }
            #expect(echoed == state)

            // Server streaming.
            let listed = try await client.serverStreaming(request: ClientRequest(message: CommitQuery(count: 300)),
                                                          descriptor: SampleService.listCommits,
                                                          serializer: ArchiveMessageSerializer<CommitQuery>(),
                                                          deserializer: ArchiveMessageDeserializer<Commit>(), options: Self.bounded) { try await Self.allMessages(of: $0) }
            #expect(listed == Commit.sample(count: 300))

            // Client streaming, with zlib and a checksum on the client's side only: the
            // server's default decoder reads them.
            var compressing = ArchiveEncoder()
            compressing.compression = .zlib
            compressing.checksum = .crc32
            let commits = Commit.sample(count: 200)
            let summary = try await client.clientStreaming(request: StreamingClientRequest { writer in try await writer.write(contentsOf: commits) },
                                                           descriptor: SampleService.countCommits,
                                                           serializer: ArchiveMessageSerializer<Commit>(encoder: compressing),
                                                           deserializer: ArchiveMessageDeserializer<CommitSummary>(), options: Self.bounded) { try $0.message }
            var authors: [String] = []
            for commit in commits where !authors.contains(commit.author.name) { authors.append(commit.author.name) }
            #expect(summary == CommitSummary(count: 200, authors: authors))

            // Bidirectional.
            let returned = try await client.bidirectionalStreaming(request: StreamingClientRequest { writer in try await writer.write(contentsOf: commits) },
                                                                   descriptor: SampleService.echoCommits,
                                                                   serializer: ArchiveMessageSerializer<Commit>(),
                                                                   deserializer: ArchiveMessageDeserializer<Commit>(), options: Self.bounded) { try await Self.allMessages(of: $0) }
            #expect(returned == commits)
        }
    }

    @Test func malformedMessagesFailTheirCallAndTheServerGoesOn() async throws {
        try await withServiceAndClient { client in
            let notAnArchive = Array(#"{"documents": []}"#.utf8)
            let wrongType = [UInt8](try ArchiveEncoder().encode(["not", "an", "app", "state"]))
            let truncated = [UInt8](try ArchiveEncoder().encode(AppState.sample(documents: 3)).dropLast(5))
            for (name, junk) in [("not an archive", notAnArchive), ("wrong type", wrongType), ("truncated", truncated)] {
                let error = await #expect(throws: RPCError.self, "\(name)") {
                    _ = try await client.unary(request: ClientRequest(message: ()), descriptor: SampleService.echoState,
                                               serializer: JunkSerializer<Void>(junk: junk),
                                               deserializer: ArchiveMessageDeserializer<AppState>(), options: Self.bounded) { try $0.message }
                }
                #expect(error?.code == .invalidArgument, "\(name): \(String(describing: error))")
                #expect(error?.message.contains("Can't decode a message of type AppState") == true, "\(name): \(String(describing: error))")
                // The same server, the same connection: the next good call succeeds.
                let state = AppState.sample(documents: 2)
                let echoed = try await client.unary(request: ClientRequest(message: state), descriptor: SampleService.echoState,
                                                    serializer: ArchiveMessageSerializer<AppState>(),
                                                    deserializer: ArchiveMessageDeserializer<AppState>(), options: Self.bounded) { try $0.message }
                #expect(echoed == state, "\(name)")
            }
            // A stream that turns bad midway: the commits before the bad one were answered.
            let commits = Commit.sample(count: 20)
            let good = ArchiveMessageSerializer<Commit>()
            let received = Mutex<[Commit]>([])
            await #expect(throws: RPCError.self) {
                try await client.bidirectionalStreaming(
                    request: StreamingClientRequest { writer in
                        try await writer.write(contentsOf: commits.map { try good.serialize($0) as [UInt8] })
                        try await writer.write(notAnArchive)
                    },
                    descriptor: SampleService.echoCommits, serializer: PassThroughSerializer(),
                    deserializer: ArchiveMessageDeserializer<Commit>(), options: Self.bounded) { response in
                    for try await commit in response.messages { received.withLock { $0.append(commit) } }
                }
            }
            #expect(received.withLock { $0 } == commits)
        }
    }

    @Test func serializerErrorsAreRPCErrors() throws {
        struct Refuses: Encodable {
            func encode(to encoder: any Encoder) throws {
                throw EncodingError.invalidValue(0, .init(codingPath: [], debugDescription: "refused"))
            }
        }
        let error = #expect(throws: RPCError.self) { let _: [UInt8] = try ArchiveMessageSerializer<Refuses>().serialize(Refuses()) }
        #expect(error?.code == .invalidArgument)
        #expect(error?.cause is EncodingError)
        let decodeError = #expect(throws: RPCError.self) { try ArchiveMessageDeserializer<Int>().deserialize([UInt8]([1, 2, 3])) }
        #expect(decodeError?.code == .invalidArgument)
        #expect(decodeError?.cause is DecodingError)
        // The bytes are the encoder's, with its options.
        var encoder = ArchiveEncoder()
        encoder.deterministic = true
        encoder.checksum = .crc32
        let state = AppState.sample(documents: 4)
        let bytes: [UInt8] = try ArchiveMessageSerializer<AppState>(encoder: encoder).serialize(state)
        #expect(bytes == [UInt8](try encoder.encode(state)))
        #expect(try ArchiveMessageDeserializer<AppState>().deserialize(bytes) == state)
    }
}

/// Sends already-serialized bytes as they are.
struct PassThroughSerializer: MessageSerializer {
    func serialize<Bytes: GRPCContiguousBytes>(_ message: [UInt8]) throws -> Bytes { Bytes(message) }
}

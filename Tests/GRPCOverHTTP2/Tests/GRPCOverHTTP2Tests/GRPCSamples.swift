// The gRPC samples of KeyedArchive.docc/ArchivesOverSwiftNIOAndGRPC.md, verbatim and in order,
// run over a real HTTP/2 server and client on 127.0.0.1.
import GRPCCore
import GRPCNIOTransportHTTP2
import KeyedArchive
import KeyedArchiveGRPC
import Testing

@Suite("DocC: Archives over SwiftNIO and gRPC, gRPC")
struct GRPCSamples {
    @Test func archivesOverGRPC() async throws {
        struct Lookup: Codable, Sendable {
            var id: Int
        }

        struct Record: Codable, Equatable, Sendable {
            var id: Int
            var name: String
        }

        struct RecordService: RegistrableRPCService {
            static let lookup = MethodDescriptor(fullyQualifiedService: "records.Records", method: "Lookup")

            func registerMethods<Transport: ServerTransport>(with router: inout RPCRouter<Transport>) {
                router.registerHandler(
                    forMethod: Self.lookup,
                    deserializer: ArchiveMessageDeserializer<Lookup>(),
                    serializer: ArchiveMessageSerializer<Record>()
                ) { request, context in
                    StreamingServerResponse { writer in
                        for try await lookup in request.messages {
                            try await writer.write(Record(id: lookup.id, name: "record \(lookup.id)"))
                        }
                        return [:]
                    }
                }
            }
        }

        try await withGRPCServer(transport: .http2NIOPosix(address: .ipv4(host: "127.0.0.1", port: 0), transportSecurity: .plaintext),
                                 services: [RecordService()]) { server in
            let port = try #require(try await server.listeningAddress?.ipv4?.port)
            try await withGRPCClient(transport: .http2NIOPosix(target: .ipv4(address: "127.0.0.1", port: port), transportSecurity: .plaintext)) { client in
                let record = try await client.unary(
                    request: ClientRequest(message: Lookup(id: 42)),
                    descriptor: RecordService.lookup,
                    serializer: ArchiveMessageSerializer<Lookup>(),
                    deserializer: ArchiveMessageDeserializer<Record>(),
                    options: .defaults
                ) { response in
                    try response.message
                }
                // record == Record(id: 42, name: "record 42")

                #expect(record == Record(id: 42, name: "record 42"))

                // A message that is not an archive of `Lookup` fails its call with invalidArgument.
                struct Garbage: MessageSerializer {
                    func serialize<Bytes: GRPCContiguousBytes>(_ message: Int) throws -> Bytes { Bytes([1, 2, 3]) }
                }
                let error = await #expect(throws: RPCError.self) {
                    try await client.unary(request: ClientRequest(message: 0), descriptor: RecordService.lookup, serializer: Garbage(),
                                           deserializer: ArchiveMessageDeserializer<Record>(), options: .defaults) { try $0.message }
                }
                #expect(error?.code == .invalidArgument)
                #expect(error?.message.contains("Lookup") == true)
            }
        }
    }
}

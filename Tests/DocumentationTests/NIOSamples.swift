// The samples of KeyedArchive.docc/ArchivesOverSwiftNIOAndGRPC.md (its NIO part), verbatim and in order, with a
// client for the sample server, and checks of what the article says.
import KeyedArchive
import KeyedArchiveNIO
import NIOCore
import NIOEmbedded
import NIOPosix
import Testing

@Suite("DocC: Archives over SwiftNIO and gRPC, NIO")
struct NIOSamples {
    @Test func archivesOverSwiftNIO() async throws {
        struct Reading: Codable, Equatable, Sendable {
            var sensor: String
            var celsius: Double
        }

        var buffer = ByteBufferAllocator().buffer(capacity: 64)
        try buffer.writeArchive(Reading(sensor: "attic", celsius: 21.5))
        let reading = try buffer.readArchive(Reading.self)
        // reading == Reading(sensor: "attic", celsius: 21.5); buffer.readableBytes == 0

        #expect(reading == Reading(sensor: "attic", celsius: 21.5))
        #expect(buffer.readableBytes == 0)

        final class Thermostat: ChannelInboundHandler {
            typealias InboundIn = Reading
            typealias OutboundOut = String

            func channelRead(context: ChannelHandlerContext, data: NIOAny) {
                let reading = unwrapInboundIn(data)
                let advice = reading.celsius < 19 ? "heat \(reading.sensor)" : "ok"
                context.write(wrapOutboundOut(advice), promise: nil)
            }

            func channelReadComplete(context: ChannelHandlerContext) {
                context.flush()
            }
        }

        let server = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandlers(
                        ByteToMessageHandler(ArchiveFrameDecoder<Reading>()),
                        MessageToByteHandler(ArchiveFrameEncoder<String>()),
                        Thermostat())
                }
            }
            .bind(host: "127.0.0.1", port: 0)
            .get()

        // A client of the sample server: readings out, advice back, one answer per reading.
        final class Advice: ChannelInboundHandler {
            typealias InboundIn = String
            let expected: Int
            let done: EventLoopPromise<[String]>
            var received: [String] = []
            init(expected: Int, done: EventLoopPromise<[String]>) { self.expected = expected; self.done = done }
            func channelRead(context: ChannelHandlerContext, data: NIOAny) {
                received.append(unwrapInboundIn(data))
                if received.count == expected { done.succeed(received) }
            }
            func channelInactive(context: ChannelHandlerContext) { done.fail(ChannelError.eof) }
        }
        let loop = MultiThreadedEventLoopGroup.singleton.next()
        let done = loop.makePromise(of: [String].self)
        // A bound against hanging, not a speed requirement: in a loaded test run this task may
        // wait minutes for a thread of the cooperative pool.
        let timeout = loop.scheduleTask(in: .minutes(10)) { done.fail(ChannelError.connectTimeout(.minutes(10))) }
        let client = try await ClientBootstrap(group: loop)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandlers(
                        ByteToMessageHandler(ArchiveFrameDecoder<String>()),
                        MessageToByteHandler(ArchiveFrameEncoder<Reading>()),
                        Advice(expected: 2, done: done))
                }
            }
            .connect(host: "127.0.0.1", port: try #require(server.localAddress?.port))
            .get()
        client.write(Reading(sensor: "cellar", celsius: 14), promise: nil)
        try await client.writeAndFlush(Reading(sensor: "attic", celsius: 21.5))
        #expect(try await done.futureResult.get() == ["heat cellar", "ok"])
        timeout.cancel()
        try await client.close()
        try await server.close()

        var decoder = ArchiveDecoder()
        decoder.limits.maximumMessageSize = 64 << 10   // readings are small
        let frames = ByteToMessageHandler(ArchiveFrameDecoder<Reading>(decoder: decoder))

        final class BadFrameLog: ChannelInboundHandler {
            typealias InboundIn = Reading
            var problems: [String] = []

            func errorCaught(context: ChannelHandlerContext, error: any Error) {
                if let error = error as? ArchiveStreamError {
                    problems.append("\(error.kind) at \(error.offset ?? 0)")
                } else if let error = error as? ArchiveFramePayloadError {
                    problems.append("undecodable frame at \(error.offset)")
                }
                context.fireErrorCaught(error)
            }
        }

        // The limited decoder refuses a 65 KiB frame at its header; the log sees it, and the
        // channel is closed once the read is handled.
        let log = BadFrameLog()
        let channel = EmbeddedChannel(handlers: [frames, log])
        try await channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).get()
        var frame = ByteBufferAllocator().buffer(capacity: 4)
        frame.writeInteger(UInt32(65 << 10), endianness: .little)
        #expect(throws: ArchiveStreamError.self) { try channel.writeInbound(frame) }
        channel.embeddedEventLoop.run()
        #expect(log.problems == ["message too large at 0"])
        #expect(!channel.isActive)
    }
}

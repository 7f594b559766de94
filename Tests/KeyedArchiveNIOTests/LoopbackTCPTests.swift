import ArchiveTestSupport
import Foundation
import KeyedArchive
import KeyedArchiveNIO
import NIOCore
import NIOPosix
import Testing

/// Real TCP on 127.0.0.1: NIO servers and clients with `ArchiveFrameDecoder`/`Encoder`
/// exchange thousands of messages on concurrent connections, a client that sends a bad frame
/// is cut off while the others go on, and a child process speaking through
/// `ArchiveStreamReader`/`Writer` interoperates with a NIO server. Every wait is bounded.
///
/// `NIO_LOOPBACK_COUNT` sets the messages per connection (10,000 under `CAMPAIGNS=full`, 1,000
/// otherwise: `Campaign`).
@Suite(.serialized) struct LoopbackTCPTests {
    /// How long any exchange may take before the test fails instead of hanging: generous,
    /// because under a loaded test run the test's task may wait minutes for a thread of the
    /// cooperative pool (a bound, not a speed requirement).
    static let timeout = TimeAmount.minutes(10)

    /// Messages each way per connection.
    static let messageCount = Campaign.count("NIO_LOOPBACK_COUNT", quick: 1_000, full: 10_000)

    /// Collects `expected` messages, then succeeds `done`; fails it on an error or an early close.
    final class Collector: ChannelInboundHandler {
        typealias InboundIn = PeerMessage
        let expected: Int
        let done: EventLoopPromise<[PeerMessage]>
        var received: [PeerMessage] = []
        var finished = false

        init(expected: Int, done: EventLoopPromise<[PeerMessage]>) {
            self.expected = expected
            self.done = done
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            received.append(unwrapInboundIn(data))
            if received.count == expected, !finished {
                finished = true
                done.succeed(received)
            }
        }

        func errorCaught(context: ChannelHandlerContext, error: any Error) {
            finish(error)
        }

        func channelInactive(context: ChannelHandlerContext) {
            finish(ChannelError.eof)
            context.fireChannelInactive()
        }

        private func finish(_ error: any Error) {
            guard !finished else { return }
            finished = true
            done.fail(error)
        }
    }

    /// Adds the frame decoder and encoder for `PeerMessage`s to `channel`'s pipeline, then `handler`.
    static func addFrameHandlers(to channel: any Channel, then handler: some ChannelHandler) -> EventLoopFuture<Void> {
        channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandlers(
                ByteToMessageHandler(ArchiveFrameDecoder<PeerMessage>()),
                MessageToByteHandler(ArchiveFrameEncoder<PeerMessage>()),
                handler)
        }
    }

    /// An echo server on an ephemeral loopback port.
    static func startEchoServer(group: any EventLoopGroup) async throws -> any Channel {
        try await ServerBootstrap(group: group)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in addFrameHandlers(to: channel, then: EchoHandler()) }
            .bind(host: "127.0.0.1", port: 0).get()
    }

    /// Fails `promise` after `timeout` unless it completed before.
    static func bound<T>(_ promise: EventLoopPromise<T>, on loop: any EventLoop) {
        let timer = loop.scheduleTask(in: timeout) { promise.fail(ChannelError.connectTimeout(timeout)) }
        promise.futureResult.whenComplete { _ in timer.cancel() }
    }

    /// Connects to `port`, sends `count` messages, and returns the `count` answers.
    static func exchange(port: Int, count: Int, connection: Int, group: any EventLoopGroup) async throws -> [PeerMessage] {
        let loop = group.next()
        let done = loop.makePromise(of: [PeerMessage].self)
        bound(done, on: loop)
        let channel = try await ClientBootstrap(group: loop)
            .channelInitializer { channel in addFrameHandlers(to: channel, then: Collector(expected: count, done: done)) }
            .connect(host: "127.0.0.1", port: port).get()
        // Sent in batches of 100, each flushed: many frames per read on the other side, and
        // frames split across reads.
        for start in stride(from: 0, to: count, by: 100) {
            for i in start ..< min(count, start + 100) {
                channel.write(PeerMessage.numbered(connection * 1_000_000 + i, size: (i &* 7919) % 301), promise: nil)
            }
            channel.flush()
        }
        defer { channel.close(promise: nil) }
        return try await done.futureResult.get()
    }

    @Test func manyMessagesEachWayOnFourConnections() async throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 2)
        let server = try await Self.startEchoServer(group: group)
        let port = try #require(server.localAddress?.port)
        let count = Self.messageCount
        try await withThrowingTaskGroup(of: (Int, [PeerMessage]).self) { tasks in
            for connection in 0..<4 {
                tasks.addTask { (connection, try await Self.exchange(port: port, count: count, connection: connection, group: group)) }
            }
            for try await (connection, answers) in tasks {
                let expected = (0..<count).map { PeerMessage.numbered(connection * 1_000_000 + $0, size: ($0 &* 7919) % 301).echoed }
                #expect(answers == expected, "connection \(connection)")
            }
        }
        try await server.close()
        try await group.shutdownGracefully()
    }

    @Test func aClientSendingABadFrameIsCutOffOthersAreServed() async throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let server = try await Self.startEchoServer(group: group)
        let port = try #require(server.localAddress?.port)
        // A raw client: one good frame, then an empty frame, then another good one.
        let good = try streamWriterBytes([PeerMessage.numbered(1, size: 10)])
        let loop = group.next()
        let done = loop.makePromise(of: [PeerMessage].self)
        Self.bound(done, on: loop)
        let raw = try await ClientBootstrap(group: loop)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandlers(
                        ByteToMessageHandler(ArchiveFrameDecoder<PeerMessage>()),
                        Collector(expected: 1, done: done))
                }
            }
            .connect(host: "127.0.0.1", port: port).get()
        let closed = loop.makePromise(of: Void.self)
        Self.bound(closed, on: loop)
        raw.closeFuture.cascade(to: closed)
        try await raw.writeAndFlush(raw.allocator.buffer(bytes: good + [0, 0, 0, 0] + good))
        // The server answers the message before the bad frame, then closes the connection.
        #expect(try await done.futureResult.get() == [PeerMessage.numbered(1, size: 10).echoed])
        try await closed.futureResult.get()
        // The server goes on serving others.
        let answers = try await Self.exchange(port: port, count: 50, connection: 7, group: group)
        #expect(answers == (0..<50).map { PeerMessage.numbered(7_000_000 + $0, size: ($0 &* 7919) % 301).echoed })
        try await server.close()
        try await group.shutdownGracefully()
    }

    @Test func aNIOServerTalksToAChildProcessUsingTheStreamWriter() async throws {
        let executable = try #require(peerExecutable(), "ArchiveStreamPeer was not built")
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let count = min(3_000, Self.messageCount)
        let loop = group.next()
        let done = loop.makePromise(of: [PeerMessage].self)
        Self.bound(done, on: loop)
        // The server speaks first: it sends `count` messages to whoever connects, collects the
        // echoes, and closes, which the child reads as the clean end of its stream.
        let server = try await ServerBootstrap(group: loop)
            .childChannelInitializer { channel in
                Self.addFrameHandlers(to: channel, then: Collector(expected: count, done: done)).map {
                    for i in 0..<count {
                        channel.write(PeerMessage.numbered(i, size: (i &* 31) % 2_000), promise: nil)
                    }
                    channel.flush()
                    done.futureResult.whenComplete { _ in channel.close(promise: nil) }
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        let port = try #require(server.localAddress?.port)
        let process = Process()
        process.executableURL = executable
        process.arguments = ["--connect", "\(port)"]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let answers = try await done.futureResult.get()
        #expect(answers == (0..<count).map { PeerMessage.numbered($0, size: ($0 &* 31) % 2_000).echoed })
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(stderr)")
        #expect(stderr.contains("echoed \(count) messages"), "\(stderr)")
        try await server.close()
        try await group.shutdownGracefully()
    }
}

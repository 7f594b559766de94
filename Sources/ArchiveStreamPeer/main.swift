// A child process for the two-process tests: framed archive streams, and deterministic archives.
//
// Usage: ArchiveStreamPeer
//        ArchiveStreamPeer --connect PORT
//        ArchiveStreamPeer --archive-of-sample {deterministic|default} [zlib] [crc32]
//
// With --archive-of-sample it writes one archive of KeyedArchiveSamples' `HashOrderSample.make()`
// to stdout and exits: the same value in every process, whose dictionaries iterate in an order
// that depends on the process's hash seed.
//
// Reads `PeerMessage` frames from stdin and answers each with one `PeerMessage` frame on
// stdout: the same index, the text prefixed with "echo:", the payload with every byte
// inverted. It checks that indices arrive as 0, 1, 2, … and exits 0 at a clean end of stdin,
// 1 on any error (described on stderr), including a truncated last frame. With --connect it
// does the same over a TCP connection to 127.0.0.1:PORT instead of stdin and stdout (the
// KeyedArchiveNIO tests' server is the other end).
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import KeyedArchive
import KeyedArchiveSamples

/// One message of the test protocol; the test declares the same shape.
struct PeerMessage: Codable {
    var index: Int
    var text: String
    var payload: [UInt8]
}

/// Writes a line to stderr with `write(2)` (the C `stderr` global is not concurrency-safe).
func report(_ message: String) {
    let line = Array("ArchiveStreamPeer: \(message)\n".utf8)
    line.withUnsafeBytes { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
}

func fail(_ message: String) -> Never {
    report(message)
    exit(1)
}

let arguments = CommandLine.arguments.dropFirst()
if arguments.first == "--archive-of-sample" {
    var encoder = ArchiveEncoder()
    encoder.deterministic = arguments.dropFirst().first == "deterministic"
    if arguments.contains("zlib") { encoder.compression = .zlib }
    if arguments.contains("crc32") { encoder.checksum = .crc32 }
    do {
        let bytes = [UInt8](try encoder.encode(HashOrderSample.make()))
        var written = 0
        while written < bytes.count {
            let n = bytes[written...].withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            guard n > 0 else { fail("write failed") }
            written += n
        }
        exit(0)
    } catch {
        fail("encoding the sample: \(error)")
    }
}

/// A TCP connection to 127.0.0.1:`port`.
func connectToLoopback(port: UInt16) -> Int32 {
    #if canImport(Glibc)
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
    let fd = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard fd >= 0 else { fail("socket failed: errno \(errno)") }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
    let result = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard result == 0 else { fail("connect to 127.0.0.1:\(port) failed: errno \(errno)") }
    return fd
}

signal(SIGPIPE, SIG_IGN)   // a vanished parent shows up as EPIPE, not a silent death
var input = STDIN_FILENO
var output = STDOUT_FILENO
if arguments.first == "--connect" {
    guard let port = arguments.dropFirst().first.flatMap({ UInt16($0) }) else { fail("--connect needs a port") }
    input = connectToLoopback(port: port)
    output = input
}
var reader = ArchiveStreamReader(fileDescriptor: input)
let writer = ArchiveStreamWriter(fileDescriptor: output)
var expected = 0
do {
    while var message = try reader.next(PeerMessage.self) {
        guard message.index == expected else { fail("expected message \(expected), got \(message.index)") }
        expected += 1
        message.text = "echo:" + message.text
        for i in message.payload.indices { message.payload[i] = ~message.payload[i] }
        try writer.write(message)
    }
} catch {
    fail("after \(expected) messages: \(error)")
}
report("echoed \(expected) messages")
exit(0)

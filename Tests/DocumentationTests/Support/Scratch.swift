// The minimum setup the samples assume and do not show: a private directory, and the two ends
// of a connected socket.
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A new empty directory under the system's temporary directory, removed by `remove()`.
struct ScratchDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("KeyedArchiveDocs-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}

/// Both ends of a connected `AF_UNIX` stream socket (`socketpair(2)`), standing in for the
/// `connect(2)` and `accept(2)` ends of a network connection.
func connectedSockets(sourceLocation: SourceLocation = #_sourceLocation) throws -> (Int32, Int32) {
    var ends: [Int32] = [-1, -1]
    #if canImport(Glibc)
    let type = Int32(SOCK_STREAM.rawValue)   // an enum in Glibc, an Int32 in Darwin
    #else
    let type = SOCK_STREAM
    #endif
    let result = socketpair(AF_UNIX, type, 0, &ends)
    try #require(result == 0, "socketpair failed: errno \(errno)", sourceLocation: sourceLocation)
    return (ends[0], ends[1])
}

/// Both ends of a pipe: (read end, write end).
func pipeEnds(sourceLocation: SourceLocation = #_sourceLocation) throws -> (Int32, Int32) {
    var ends: [Int32] = [-1, -1]
    try #require(pipe(&ends) == 0, "pipe failed: errno \(errno)", sourceLocation: sourceLocation)
    return (ends[0], ends[1])
}

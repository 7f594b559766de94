import Foundation
import KeyedArchive

/// Where a command reads its input and writes its output: the process's standard streams, or
/// memory when the tests run a command in-process.
package final class CommandIO {
    private let standardInput: [UInt8]?
    private let capturing: Bool
    /// What the command wrote to standard output, when capturing.
    package private(set) var output: [UInt8] = []
    /// What the command wrote to standard error, when capturing.
    package private(set) var errors = ""

    private init(standardInput: [UInt8]?, capturing: Bool) {
        self.standardInput = standardInput
        self.capturing = capturing
    }

    /// The process's standard input, output and error.
    package static func standardStreams() -> CommandIO { CommandIO(standardInput: nil, capturing: false) }

    /// Memory: `standardInput` is what the command reads when it is given no file.
    package static func capturing(standardInput: [UInt8] = []) -> CommandIO {
        CommandIO(standardInput: standardInput, capturing: true)
    }

    /// What the command wrote to standard output, as UTF-8 text.
    package var outputText: String { String(decoding: output, as: UTF8.self) }

    /// Writes text to standard output.
    package func write(_ text: String) { write(bytes: Array(text.utf8)) }

    /// Writes bytes to standard output.
    package func write(bytes: [UInt8]) {
        if capturing { output += bytes } else { FileHandle.standardOutput.write(Data(bytes)) }
    }

    /// Writes a line to standard error (progress, warnings, errors), at once.
    package func report(_ line: String) {
        if capturing { errors += line + "\n" } else { FileHandle.standardError.write(Data((line + "\n").utf8)) }
    }

    /// The bytes of `path`, or of standard input when `path` is nil or "-".
    package func readInput(_ path: String?) throws(CommandFailure) -> [UInt8] {
        guard let path, path != "-" else {
            if let standardInput { return standardInput }
            return [UInt8](FileHandle.standardInput.readDataToEndOfFile())
        }
        do {
            return try ArchiveFileIO.readAll(path)
        } catch {
            throw CommandFailure("cannot read \(path): \(Self.reason(error))")
        }
    }

    /// Writes `bytes` to `path` atomically (or to standard output when `path` is nil or "-").
    package func writeOutput(_ bytes: [UInt8], to path: String?) throws(CommandFailure) {
        guard let path, path != "-" else { return write(bytes: bytes) }
        do {
            // Atomic and durable, as `ArchiveEncoder.write(_:to:)`: a failed write leaves the
            // previous file intact.
            try ArchiveFileIO.replace(path, with: Data(bytes))
        } catch {
            throw CommandFailure("cannot write \(path): \(Self.reason(error))")
        }
    }

    /// The system's words for a failed file operation ("No such file or directory").
    private static func reason(_ error: any Error) -> String {
        if let posix = (error as? CocoaError)?.underlying as? POSIXError {
            return String(cString: strerror(posix.code.rawValue))
        }
        return "\(error)"
    }
}

/// Why a command failed: printed as one line, `error: …`, with exit code 1.
package struct CommandFailure: Error, CustomStringConvertible {
    package let description: String

    package init(_ description: String) { self.description = description }

    /// A format error met while reading an archive.
    package init(_ error: InspectionError) { self.description = error.description }
}

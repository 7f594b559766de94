// Reads the ```swift blocks out of README.md and the DocC articles, and the test sources they
// must appear in, so that the documents and the tests that run their samples cannot drift.
import Foundation

/// One fenced ```swift block of a document.
struct DocumentSample: CustomStringConvertible {
    /// The document's path relative to the package root.
    let document: String
    /// The 1-based line of the opening fence.
    let line: Int
    /// The block's lines, without the fences.
    let lines: [String]

    /// A block that declares a package manifest: it cannot run as a test, so
    /// PackageSnippetTests evaluates it with SwiftPM instead.
    var isPackageManifest: Bool { lines.contains { $0.hasPrefix("import PackageDescription") } }

    var description: String { "\(document):\(line)" }
}

enum DocumentSamples {
    /// The package root: this file is Tests/DocumentationTests/Support/DocumentSamples.swift.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static let catalog = "Sources/KeyedArchive/KeyedArchive.docc"

    /// README.md and every article of the DocC catalog, relative to the package root.
    static func documents() throws -> [String] {
        let articles = try FileManager.default
            .contentsOfDirectory(atPath: packageRoot.appendingPathComponent(catalog).path)
            .filter { $0.hasSuffix(".md") }
            .sorted()
        return ["README.md"] + articles.map { "\(catalog)/\($0)" }
    }

    /// Every ```swift block of `document`.
    static func samples(in document: String) throws -> [DocumentSample] {
        let text = try String(contentsOf: packageRoot.appendingPathComponent(document), encoding: .utf8)
        var samples: [DocumentSample] = []
        var open: (line: Int, lines: [String])?
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if var block = open {
                if trimmed == "```" {
                    samples.append(DocumentSample(document: document, line: block.line, lines: block.lines))
                    open = nil
                } else {
                    block.lines.append(String(line))
                    open = block
                }
            } else if trimmed == "```swift" {
                open = (index + 1, [])
            }
        }
        return samples
    }

    /// One command of a shell session shown in a document: `$ karchive …` and the lines it
    /// prints.
    struct ShellCommand {
        let arguments: [String]
        let output: [String]
    }

    /// The commands of the first plain ``` block of `document` that mentions `marker`: each
    /// `$ ` line split at spaces (the sessions quote nothing), with the lines after it.
    static func shellSession(in document: String, containing marker: String) throws -> [ShellCommand] {
        let text = try String(contentsOf: packageRoot.appendingPathComponent(document), encoding: .utf8)
        // The lines of the fenced block being read, and whether it is a plain one.
        var open: (plain: Bool, lines: [String])?
        var session: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if let block = open {
                if trimmed == "```" {
                    open = nil
                    if block.plain, block.lines.contains(where: { $0.contains(marker) }) { session = block.lines; break }
                } else {
                    open?.lines.append(line)
                }
            } else if trimmed.hasPrefix("```") {
                open = (trimmed == "```", [])
            }
        }
        var commands: [ShellCommand] = []
        for line in session {
            if line.hasPrefix("$ ") {
                commands.append(ShellCommand(arguments: line.dropFirst(2).split(separator: " ").map(String.init), output: []))
            } else if let last = commands.popLast() {
                commands.append(ShellCommand(arguments: last.arguments, output: last.output + [line]))
            }
        }
        return commands
    }

    /// Where the samples' tests are: this test target, and the package that runs the gRPC
    /// sample over real HTTP/2 (`Tests/GRPCOverHTTP2`, run by `.ci/run`).
    static let testDirectories = ["Tests/DocumentationTests", "Tests/GRPCOverHTTP2/Tests"]

    /// The Swift sources of the samples' tests, by path below their directory.
    static func testSources() throws -> [(name: String, text: String)] {
        try testDirectories.flatMap { folder -> [(name: String, text: String)] in
            let directory = packageRoot.appendingPathComponent(folder)
            guard let walker = FileManager.default.enumerator(atPath: directory.path) else { return [] }
            return try walker.compactMap { $0 as? String }
                .filter { $0.hasSuffix(".swift") }
                .sorted()
                .map { ($0, try String(contentsOf: directory.appendingPathComponent($0), encoding: .utf8)) }
        }
    }

    /// Lines with their indentation and trailing spaces removed: a sample indented inside a test
    /// function still matches its unindented original in the document.
    static func normalized<S: StringProtocol>(_ lines: [S]) -> [String] {
        lines.map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// Whether `sample` appears in `source` as consecutive lines. `import` lines of the sample
    /// cannot sit inside a test function: they must appear among the file's own imports.
    static func source(_ source: String, contains sample: DocumentSample) -> Bool {
        let sourceLines = normalized(source.split(separator: "\n", omittingEmptySubsequences: false))
        let sampleLines = normalized(sample.lines)
        let imports = sampleLines.filter { $0.hasPrefix("import ") }
        let body = Array(sampleLines.drop { $0.hasPrefix("import ") || $0.isEmpty })
        guard imports.allSatisfy(sourceLines.contains), !body.isEmpty, body.count <= sourceLines.count else {
            return false
        }
        return (0...(sourceLines.count - body.count)).contains { start in
            sourceLines[start..<(start + body.count)].elementsEqual(body)
        }
    }
}

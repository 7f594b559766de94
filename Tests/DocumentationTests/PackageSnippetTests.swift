// The README's Package.swift snippet cannot run as a test: SwiftPM evaluates it instead
// (`swift package dump-package`, which compiles the manifest without fetching anything), and
// what it declares is checked against this package's own Package.swift.
import Foundation
import Testing

@Suite("README: Package.swift snippet")
struct PackageSnippetTests {
    @Test func snippetIsAValidManifestThatMatchesThisPackage() throws {
        let snippets = try DocumentSamples.samples(in: "README.md").filter(\.isPackageManifest)
        let snippet = try #require(snippets.first)
        let manifest = try evaluate(snippet.lines.joined(separator: "\n"))

        // The dependency is this package: a path or URL whose last component is its name.
        let ours = try String(contentsOf: DocumentSamples.packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        let packageName = try #require(firstCapture(#"name: "([^"]+)""#, in: ours))
        let dependencies = try #require(manifest["dependencies"] as? [[String: Any]])
        let identities = dependencies.flatMap { dependency in
            dependency.values.compactMap { ($0 as? [[String: Any]])?.first?["identity"] as? String }
        }
        #expect(identities == [packageName.lowercased()])

        // Every product it uses is a library product of this package, named after the package.
        let libraries = Set(captures(#"\.library\(name: "([^"]+)""#, in: ours))
        let products = captures(#"\.product\(name: "([^"]+)", package: "([^"]+)"\)"#, in: snippet.lines.joined(separator: "\n"), group: 1)
        let packages = captures(#"\.product\(name: "([^"]+)", package: "([^"]+)"\)"#, in: snippet.lines.joined(separator: "\n"), group: 2)
        #expect(!products.isEmpty)
        #expect(products.allSatisfy(libraries.contains), "\(products) not all in \(libraries)")
        #expect(packages.allSatisfy { $0 == packageName })

        // Its platform minimums are no lower than this package's.
        let required = Dictionary(uniqueKeysWithValues: zip(
            captures(#"\.(\w+)\(\.v(\d+)\)"#, in: ours, group: 1),
            captures(#"\.(\w+)\(\.v(\d+)\)"#, in: ours, group: 2).compactMap(Int.init)))
        let platforms = try #require(manifest["platforms"] as? [[String: Any]])
        #expect(!platforms.isEmpty)
        for platform in platforms {
            let name = try #require(platform["platformName"] as? String)
            let version = try #require((platform["version"] as? String).flatMap { Int($0.prefix { $0 != "." }) })
            let key = name == "macos" ? "macOS" : name == "ios" ? "iOS" : name
            let minimum = try #require(required[key], "\(name) is not a platform of Package.swift")
            #expect(version >= minimum, "\(name) \(version) is below the package's \(minimum)")
        }
    }

    /// Writes `manifest` as the Package.swift of an empty package and returns SwiftPM's JSON
    /// dump of it.
    private func evaluate(_ manifest: String) throws -> [String: Any] {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let package = scratch.url.appendingPathComponent("MyApp")
        try FileManager.default.createDirectory(at: package, withIntermediateDirectories: false)
        try manifest.write(to: package.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)

        let swift = Process()
        swift.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        swift.arguments = ["swift", "package", "dump-package", "--package-path", package.path]
        let output = Pipe()
        let errors = Pipe()
        swift.standardOutput = output
        swift.standardError = errors
        try swift.run()
        let json = output.fileHandleForReading.readDataToEndOfFile()
        let messages = errors.fileHandleForReading.readDataToEndOfFile()
        swift.waitUntilExit()
        try #require(swift.terminationStatus == 0, "dump-package failed: \(String(decoding: messages, as: UTF8.self))")
        return try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
    }

    private func captures(_ pattern: String, in text: String, group: Int = 1) -> [String] {
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return [] }
        let whole = NSRange(text.startIndex..., in: text)
        return regex.matches(in: text, range: whole).compactMap { match in
            Range(match.range(at: group), in: text).map { String(text[$0]) }
        }
    }

    private func firstCapture(_ pattern: String, in text: String) -> String? {
        captures(pattern, in: text).first
    }
}

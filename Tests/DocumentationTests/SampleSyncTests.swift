// Every ```swift block of README.md and the DocC articles is run by a test of this target (the
// gRPC sample by the Tests/GRPCOverHTTP2 package): it appears verbatim (indentation aside) in
// one of the test files, or, for the one package manifest, is evaluated by PackageSnippetTests.
// A sample edited in a document and not in its test, or the other way round, fails here.
import Foundation
import Testing

@Suite("Documentation samples match their tests")
struct SampleSyncTests {
    @Test func everySampleIsRunByATest() throws {
        let sources = try DocumentSamples.testSources()
        let samples = try DocumentSamples.documents().flatMap(DocumentSamples.samples(in:))
        var manifests = 0
        for sample in samples {
            if sample.isPackageManifest {
                manifests += 1
                continue
            }
            let runBy = sources.filter { DocumentSamples.source($0.text, contains: sample) }.map(\.name)
            #expect(!runBy.isEmpty, "\(sample) is not in any test of Tests/DocumentationTests or Tests/GRPCOverHTTP2:\n\(sample.lines.joined(separator: "\n"))")
        }
        #expect(manifests == 1, "expected the README's Package.swift snippet, found \(manifests) manifests")
    }

    /// The extraction itself: guards against a parser that silently finds nothing.
    @Test func samplesAreFoundInEveryGuide() throws {
        let counts = try Dictionary(uniqueKeysWithValues: DocumentSamples.documents().map {
            ($0, try DocumentSamples.samples(in: $0).count)
        })
        #expect(counts["README.md", default: 0] >= 5)
        for article in ["GettingStarted", "PersistingAppState", "ExchangingArchivesBetweenProcesses", "MigratingFromJSONEncoder"] {
            #expect(counts["\(DocumentSamples.catalog)/\(article).md", default: 0] >= 4, "\(article)")
        }
    }

    @Test func matchingIgnoresIndentationButNotContent() {
        let sample = DocumentSample(document: "doc.md", line: 1, lines: ["import KeyedArchive", "", "let a = 1", "let b = a"])
        let source = "import KeyedArchive\nfunc f() {\n    let a = 1\n    let b = a\n}\n"
        #expect(DocumentSamples.source(source, contains: sample))
        #expect(!DocumentSamples.source(source.replacingOccurrences(of: "let b = a", with: "let b = 2"), contains: sample))
        #expect(!DocumentSamples.source(source.replacingOccurrences(of: "import KeyedArchive", with: ""), contains: sample))
    }
}

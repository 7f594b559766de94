import Foundation
@_spi(ArchiveTools) import KeyedArchive
import Testing

/// `ArchiveURLText`, the URL item of any text that `karchive from-json` writes: the same bytes as
/// a `URL` wherever a `URL` could be written, and text no `URL` can carry elsewhere.
@Suite struct ArchiveURLTextTests {
    struct Holder<Value: Encodable>: Encodable {
        var value: Value
        var list: [Value]
    }

    @Test(arguments: ["https://example.com/a?b=c", "file:///tmp/a%20b", "urn:x"])
    func writesWhatAURLWrites(_ text: String) throws {
        let url = try #require(URL(string: text))
        #expect(try ArchiveEncoder().encode(ArchiveURLText(text)) == ArchiveEncoder().encode(url))
        let holder = Holder(value: ArchiveURLText(text), list: [ArchiveURLText(text), ArchiveURLText(text)])
        #expect(try ArchiveEncoder().encode(holder) == ArchiveEncoder().encode(Holder(value: url, list: [url, url])))
    }

    @Test(arguments: ["", "a b", "%zz", "é\u{0}"])
    func keepsTextThatIsNotAURL(_ text: String) throws {
        let archive = try ArchiveEncoder().encode(ArchiveURLText(text))
        #expect([UInt8](archive) == Array("KARC".utf8) + [0x01, 0x00, 0x0B, UInt8(text.utf8.count)] + Array(text.utf8) + [0x00])
        // Inside containers: the bytes of the same text as strings, with each string's tag `07`
        // a URL's `0B`.
        let nested = try ArchiveEncoder().encode(Holder(value: ArchiveURLText(text), list: [ArchiveURLText(text), ArchiveURLText(text)]))
        let strings = try ArchiveEncoder().encode(Holder(value: text, list: [text, text]))
        #expect(nested.count == strings.count)
        let differences = zip(nested, strings).filter { $0 != $1 }
        #expect(differences.count == 3 && differences.allSatisfy { $0 == (0x0B, 0x07) })
    }

    @Test func otherEncodersWriteTheText() throws {
        let json = try JSONEncoder().encode([ArchiveURLText("a b")])
        #expect(String(decoding: json, as: UTF8.self) == #"["a b"]"#)
    }
}

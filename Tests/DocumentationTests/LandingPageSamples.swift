// The sample of the DocC landing page (KeyedArchive.docc/KeyedArchive.md), verbatim.
import KeyedArchive
import Testing

@Suite("DocC: landing page")
struct LandingPageSamples {
    @Test func encodeAndDecodeAPoint() throws {
        struct Point: Codable, Equatable {
            var x: Int
            var y: Int
        }

        let data = try ArchiveEncoder().encode(Point(x: 3, y: -4))
        let point = try ArchiveDecoder().decode(Point.self, from: data)

        #expect(point == Point(x: 3, y: -4))
        #expect(data.starts(with: Array("KARC".utf8)))
    }
}

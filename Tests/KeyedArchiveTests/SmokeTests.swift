import Foundation
import Testing
@testable import KeyedArchive

struct Author: Codable, Equatable { var name: String; var email: String; var date: Date }
struct Commit: Codable, Equatable {
    var url: URL; var author: Author; var message: String; var additions: Int; var tags: [String]; var scores: [Double]; var id: UUID; var note: String?
}

@Test func smokeRoundTrip() throws {
    let c = Commit(url: URL(string: "https://x.y/z")!, author: Author(name: "A", email: "a@b", date: Date(timeIntervalSinceReferenceDate: 12.5)), message: "hi", additions: -300, tags: ["a", "b"], scores: [1.5, .nan, -0.0], id: UUID(), note: nil)
    let data = try ArchiveEncoder().encode([c, c])
    print(data.map { String(format: "%02x", $0) }.joined(separator: " "))
    let back = try ArchiveDecoder().decode([Commit].self, from: data)
    #expect(back[0].author == c.author)
    #expect(back[1].message == "hi" && back[1].additions == -300 && back[1].id == c.id && back[0].url == c.url)
    #expect(back[0].scores[1].isNaN)
    var z = ArchiveEncoder(); z.compression = .zlib
    let zd = try z.encode([c, c])
    let zback = try ArchiveDecoder().decode([Commit].self, from: zd)
    #expect(zback[1].tags == ["a", "b"])
    let opt: Int?? = .some(nil)
    let od = try ArchiveEncoder().encode([opt, nil, 5])
    let ob = try ArchiveDecoder().decode([Int??].self, from: od)
    #expect(ob.count == 3 && ob[0] == .some(nil) && ob[1] == nil && ob[2] == 5)
}

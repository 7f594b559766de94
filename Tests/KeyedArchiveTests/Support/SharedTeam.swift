import Foundation
import KeyedArchive

/// A team whose lead is also one of its members: written with `preservesObjectIdentity`, the
/// second member is a reference (`12`) to the lead's shared object, for the tests that follow
/// a path through a reference.
struct SharedTeam: Codable {
    final class Person: Codable {
        var name: String
        var friends: [Person] = []
        init(_ name: String) { self.name = name }
    }

    var lead: Person
    var members: [Person]

    /// Ada (whose friend is Grace) leads, and is `members[1]` after Alan.
    static func archive() throws -> Data {
        let ada = Person("Ada")
        ada.friends = [Person("Grace")]
        var encoder = ArchiveEncoder()
        encoder.preservesObjectIdentity = true
        return try encoder.encode(SharedTeam(lead: ada, members: [Person("Alan"), ada]))
    }
}

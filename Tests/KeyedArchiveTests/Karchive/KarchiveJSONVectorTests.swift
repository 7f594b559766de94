import Foundation
import ArchiveTestSupport
import KeyedArchive
import Testing

// Spec/JSON.md §8: every valid golden vector carries its JSON form in a `# json:` line, which is
// exactly what `karchive to-json --compact` prints for it, and which `from-json` turns back into
// an archive that decodes as the vector's `# decode-as:` type to the same value.

/// Decodes two archives as one `# decode-as:` type and tells whether they hold the same value:
/// both are decoded and encoded again, and the bytes compared (so floating point compares by
/// bits, and types need not be `Equatable`).
private typealias SameValue = (_ original: [UInt8], _ converted: [UInt8]) throws -> Bool

private func same<T: Codable>(_: T.Type) -> SameValue {
    { original, converted in
        let decoder = ArchiveDecoder()
        // Deterministic: two equal dictionaries built apart may iterate in different orders.
        var encoder = ArchiveEncoder()
        encoder.deterministic = true
        return try encoder.encode(decoder.decode(T.self, from: original)) == encoder.encode(decoder.decode(T.self, from: converted))
    }
}

// Copies of the models of GoldenVectorTests.swift (private there), for the decode check.
private struct Point: Codable { var x: Int; var y: Int; var label: String }
private struct IntKeyedPoint: Codable {
    var x: Int, y: Int, label: String
    enum CodingKeys: Int, CodingKey { case x = 1, y = 2, label = 3 }
}
private struct Line: Codable { var start: Point; var end: Point }
private struct DictionaryKeys: Codable { var padded: [String: Int]; var plain: [String: Int]; var numeric: [Int: String] }
private struct Optionals: Codable { var some: Int??; var someNil: Int??; var none: Int??; var list: [Int??] }
private struct Nothing: Codable {
    init(from decoder: any Decoder) throws {}
    func encode(to encoder: any Encoder) throws {}
}
private struct HoldsNothing: Codable { var nothing: Nothing; var n: Int }
private struct Empty: Codable {}
private struct Document: Codable { var title: String; var tags: [String]; var scores: [Double] }
private struct Record: Codable { var a: String }
private struct KeySpellings: Codable { var a: [String: Int]; var b: [String: Int] }
private struct Unordered: Codable { var zeta: Int; var alpha: [String: Int]; var numbers: [Int: Bool] }
private class Animal: Codable { var legs: Int }
private final class Dog: Animal {
    var name: String
    private enum CodingKeys: String, CodingKey { case name }
    required init(from decoder: any Decoder) throws {
        name = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .name)
        try super.init(from: decoder.container(keyedBy: CodingKeys.self).superDecoder())
    }
    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try super.encode(to: container.superEncoder())
    }
}

/// The `# decode-as:` names of the valid vectors. A vector added with a type missing here still
/// gets the JSON checks, not the decode check.
private func decodeChecks() -> [String: SameValue] { [
    "Int": same(Int.self), "Int64": same(Int64.self), "UInt64": same(UInt64.self), "Int128": same(Int128.self),
    "UInt128": same(UInt128.self), "Float": same(Float.self), "Double": same(Double.self), "Bool": same(Bool.self),
    "Int?": same(Int?.self), "Int??": same(Int??.self), "String": same(String.self), "Data": same(Data.self),
    "[UInt8]": same([UInt8].self), "Date": same(Date.self), "UUID": same(UUID.self), "URL": same(URL.self),
    "Point": same(Point.self), "IntKeyedPoint": same(IntKeyedPoint.self), "Line": same(Line.self), "[Point]": same([Point].self),
    "DictionaryKeys": same(DictionaryKeys.self), "[Double]": same([Double].self), "[Int32]": same([Int32].self),
    "[Int]": same([Int].self), "[UInt]": same([UInt].self), "[String]": same([String].self), "Empty": same(Empty.self),
    "Optionals": same(Optionals.self), "HoldsNothing": same(HoldsNothing.self), "Dog": same(Dog.self),
    "Document": same(Document.self), "Record": same(Record.self), "KeySpellings": same(KeySpellings.self), "Unordered": same(Unordered.self),
] }

@Suite struct KarchiveJSONVectorTests {
    @Test("Valid vector: its # json: line is its to-json, and from-json of the line decodes to its value", arguments: Vector.names(in: "valid"))
    func validVectorJSONLine(name: String) throws {
        let vector = try Vector(folder: "valid", name: name)
        let printed = compactJSON(vector.bytes)
        let json = try #require(vector["json"], "\(name).hex has no '# json:' line; add after '# decode-as:': # json: \(printed)")
        #expect(printed == json, "to-json of \(name) is not its # json: line")
        let text = try String(contentsOf: Vector.root.appendingPathComponent("valid/\(name).hex"), encoding: .utf8)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.firstIndex { $0.hasPrefix("# json: ") } == lines.firstIndex { $0.hasPrefix("# decode-as: ") }.map { $0 + 1 },
                "the # json: line of \(name) follows # decode-as:")

        let converted = try archiveOfJSON(json).get()
        #expect(karchive("validate", "--quiet", input: converted).status == 0)
        #expect(compactJSON(converted) == json, "to-json of from-json of \(name)'s # json: line")
        let typeName = try #require(vector["decode-as"])
        if let sameValue = decodeChecks()[typeName] {
            #expect(try sameValue(vector.bytes, converted), "\(name): from-json of its # json: line does not decode as \(typeName) to its value")
        }
    }

}

import Foundation
// Built into the test target, this imports the library (its `package` API suffices); built
// into one module with the library's sources (the encoder fuzzer), there is nothing to import.
#if canImport(KeyedArchive)
import KeyedArchive
#endif

/// The logical value of an archive (or of a JSON document, or the model's expectation):
/// exactly typed, floats by bit pattern, keys as written (Int or String).
indirect enum DiffTree: Equatable, CustomStringConvertible {
    case null(level: UInt64)
    case bool(Bool)
    /// Any integer, by its exact decimal spelling (the format does not keep the Swift width).
    case integer(String)
    case float(UInt32)
    case double(UInt64)
    case string(String)
    case bytes([UInt8])
    case date(UInt64)
    case uuid(String)
    case url(String)
    case keyed([DiffKey: DiffTree])
    case unkeyed([DiffTree])

    var description: String {
        switch self {
        case .null(let level): level == 0 ? "nil" : "nil(level \(level))"
        case .bool(let b): "\(b)"
        case .integer(let s): s
        case .float(let bits): "Float(\(Float(bitPattern: bits)) 0x\(String(bits, radix: 16)))"
        case .double(let bits): "Double(\(Double(bitPattern: bits)) 0x\(String(bits, radix: 16)))"
        case .string(let s): "\"\(s)\""
        case .bytes(let b): "bytes\(b)"
        case .date(let bits): "date(\(Double(bitPattern: bits)))"
        case .uuid(let s): "uuid(\(s))"
        case .url(let s): "url(\(s))"
        case .keyed(let d):
            "[" + (d.isEmpty ? ":" : d.sorted { $0.key.sortKey < $1.key.sortKey }.map { "\($0.key.label): \($0.value)" }.joined(separator: ", ")) + "]"
        case .unkeyed(let a): "[" + a.map(\.description).joined(separator: ", ") + "]"
        }
    }

    // MARK: Comparing

    /// The first difference between `self` (expected) and `actual`, with its path; nil if equal.
    func firstDifference(from actual: DiffTree, path: String = "$") -> String? {
        switch (self, actual) {
        case (.keyed(let e), .keyed(let a)):
            for key in Set(e.keys).union(a.keys).sorted(by: { $0.sortKey < $1.sortKey }) {
                let p = path + "[\(key.label)]"
                switch (e[key], a[key]) {
                case (let x?, let y?): if let d = x.firstDifference(from: y, path: p) { return d }
                case (let x?, nil): return "\(p): expected \(x), key missing"
                case (nil, let y?): return "\(p): unexpected key holding \(y)"
                case (nil, nil): break
                }
            }
            return nil
        case (.unkeyed(let e), .unkeyed(let a)):
            for i in 0..<min(e.count, a.count) {
                if let d = e[i].firstDifference(from: a[i], path: path + "[\(i)]") { return d }
            }
            return e.count == a.count ? nil : "\(path): expected \(e.count) elements \(self), got \(a.count) \(actual)"
        default:
            return self == actual ? nil : "\(path): expected \(self), got \(actual)"
        }
    }

    // MARK: The JSON-comparable form

    /// Keys as strings, nil levels dropped, numbers by value (`Float` by its decimal spelling,
    /// as JSONEncoder writes it; integral values as integers), Data as Base64, Date as seconds
    /// since 2001, UUID and URL as strings: what `JSONEncoder` → `JSONDecoder` can keep.
    var jsonNormalized: DiffTree { normalized(bytesAsArray: false) }

    /// As `jsonNormalized`, but Data as an array of its bytes: what a generic `Decodable`
    /// reads back from an archive through `ArchiveDecoder` (Data decodes from an unkeyed
    /// container of bytes, so the two cannot be told apart generically).
    var roundTripNormalized: DiffTree { normalized(bytesAsArray: true) }

    func normalized(bytesAsArray: Bool) -> DiffTree {
        switch self {
        case .null: .null(level: 0)
        case .bool, .string: self
        case .integer(let s): .integer(s)
        case .float(let bits): Self.number(Double(String(Float(bitPattern: bits))) ?? .nan)
        case .double(let bits): Self.number(Double(bitPattern: bits))
        case .bytes(let b): bytesAsArray ? .unkeyed(b.map { .integer("\($0)") }) : .string(Data(b).base64EncodedString())
        case .date(let bits): Self.number(Double(bitPattern: bits))
        case .uuid(let s), .url(let s): .string(s)
        case .keyed(let d):
            .keyed(Dictionary(d.map { (DiffKey.s($0.key.stringForm), $0.value.normalized(bytesAsArray: bytesAsArray)) }, uniquingKeysWith: { a, _ in a }))
        case .unkeyed(let a): .unkeyed(a.map { $0.normalized(bytesAsArray: bytesAsArray) })
        }
    }

    static func number(_ d: Double) -> DiffTree {
        if d.isNaN { return .double(Double.nan.bitPattern) }
        if d == d.rounded(), d >= -9.223372036854775808e18, d < 9.223372036854775808e18 { return .integer("\(Int64(d))") }
        if d == d.rounded(), d >= 0, d < 1.8446744073709551616e19 { return .integer("\(UInt64(d))") }
        return .double(d.bitPattern)
    }

    // MARK: Reading

    /// The tree of an archive, read with the package's inspection walk (exact types).
    static func ofArchive(_ bytes: [UInt8]) throws -> DiffTree {
        let archive = try InspectedArchive(bytes)
        var builder = DiffTreeBuilder(archive: archive)
        try archive.walk(&builder)
        if let problem = builder.problem { throw DiffTreeError(description: problem) }
        guard let root = builder.result else { throw DiffTreeError(description: "no root value") }
        return root
    }
}

struct DiffTreeError: Error, CustomStringConvertible { let description: String }

extension DiffKey {
    var stringForm: String {
        switch self {
        case .s(let s): s
        case .i(let i): "\(i)"
        }
    }
    var label: String {
        switch self {
        case .s(let s): "\"\(s)\""
        case .i(let i): "\(i)"
        }
    }
    var sortKey: String {
        switch self {
        case .s(let s): "s" + s
        case .i(let i): "i" + String(i)
        }
    }
}

/// Builds a `DiffTree` from the inspection walk's events.
struct DiffTreeBuilder: ArchiveVisitor {
    let archive: InspectedArchive
    private struct Frame { var isKeyed: Bool; var keyInParent: DiffKey?; var entries: [DiffKey: DiffTree] = [:]; var items: [DiffTree] = []; var pendingKey: DiffKey? }
    private var stack: [Frame] = []
    var result: DiffTree?
    var problem: String?

    init(archive: InspectedArchive) { self.archive = archive }

    private mutating func attach(_ tree: DiffTree) {
        guard !stack.isEmpty else {
            if result != nil { problem = problem ?? "two root values" }
            result = tree
            return
        }
        if stack[stack.count - 1].isKeyed {
            guard let key = stack[stack.count - 1].pendingKey else { problem = problem ?? "keyed entry without key"; return }
            if stack[stack.count - 1].entries[key] != nil { problem = problem ?? "duplicate key \(key.label) in one keyed container" }
            stack[stack.count - 1].entries[key] = tree
            stack[stack.count - 1].pendingKey = nil
        } else {
            stack[stack.count - 1].items.append(tree)
        }
    }

    mutating func visitScalar(_ value: ArchiveScalar, at range: Range<Int>, depth: Int) {
        switch value {
        case .null(let level): attach(.null(level: level))
        case .bool(let b): attach(.bool(b))
        case .integer(let i): attach(.integer(i.description))
        case .float(let f): attach(.float(f.bitPattern))
        case .double(let d): attach(.double(d.bitPattern))
        case .string(let s): attach(.string(s))
        case .bytes(let r): attach(.bytes(Array(archive.plain[r])))
        case .date(let d): attach(.date(d.bitPattern))
        case .uuid(let u): attach(.uuid(u.uuidString))
        case .url(let s): attach(.url(s))
        case .packed(let kind, _, let elements):
            attach(.unkeyed(archive.packedElements(kind, elements).map { n in
                switch n {
                case .integer(let v): .integer("\(v)")
                case .unsigned(let v): .integer("\(v)")
                case .float(let v): .float(v.bitPattern)
                case .double(let v): .double(v.bitPattern)
                }
            }))
        }
    }

    mutating func beginContainer(_ container: ArchiveContainer, depth: Int) {
        let key = stack.last.flatMap { $0.isKeyed ? $0.pendingKey : nil }
        stack.append(Frame(isKeyed: container.isKeyed, keyInParent: key))
    }

    mutating func visitKey(_ key: ArchiveKey, at range: Range<Int>, depth: Int) {
        guard !stack.isEmpty else { problem = problem ?? "key outside a container"; return }
        switch key {
        case .int(let i): stack[stack.count - 1].pendingKey = .i(Int(i))
        case .string(_, let s): stack[stack.count - 1].pendingKey = .s(s)
        }
    }

    mutating func endContainer(_ container: ArchiveContainer, depth: Int) {
        guard let frame = stack.popLast() else { problem = problem ?? "unbalanced container end"; return }
        attach(frame.isKeyed ? .keyed(frame.entries) : .unkeyed(frame.items))
    }
}

/// Any JSON value, decoded generically with `JSONDecoder` (or any archive, with `ArchiveDecoder`).
struct DiffDecodedTree: Decodable {
    let tree: DiffTree

    init(from decoder: any Decoder) throws {
        if let c = try? decoder.container(keyedBy: DiffCodingKey.self) {
            var entries: [DiffKey: DiffTree] = [:]
            for key in c.allKeys { entries[key.diffKey] = try c.decode(DiffDecodedTree.self, forKey: key).tree }
            tree = .keyed(entries)
            return
        }
        if var u = try? decoder.unkeyedContainer() {
            var items: [DiffTree] = []
            while !u.isAtEnd { items.append(try u.decode(DiffDecodedTree.self).tree) }
            tree = .unkeyed(items)
            return
        }
        let s = try decoder.singleValueContainer()
        if s.decodeNil() { tree = .null(level: 0) }
        else if let v = try? s.decode(Bool.self) { tree = .bool(v) }
        else if let v = try? s.decode(Int64.self) { tree = .integer("\(v)") }
        else if let v = try? s.decode(UInt64.self) { tree = .integer("\(v)") }
        else if let v = try? s.decode(Int128.self) { tree = .integer("\(v)") }
        else if let v = try? s.decode(UInt128.self) { tree = .integer("\(v)") }
        else if decoder.userInfo[.diffDecodesJSON] == nil, let v = try? s.decode(Float.self) { tree = .float(v.bitPattern) }
        else if let v = try? s.decode(Double.self) { tree = .double(v.bitPattern) }
        else if let v = try? s.decode(String.self) { tree = .string(v) }
        else if let v = try? s.decode(Data.self) { tree = .bytes([UInt8](v)) }
        else if let v = try? s.decode(Date.self) { tree = .date(v.timeIntervalSinceReferenceDate.bitPattern) }
        else if let v = try? s.decode(UUID.self) { tree = .uuid(v.uuidString) }
        else { tree = .url(try s.decode(URL.self).absoluteString) }
    }
}

extension CodingUserInfoKey {
    /// Set when `DiffDecodedTree` reads JSON: numbers are read as Double, never as Float.
    static let diffDecodesJSON = CodingUserInfoKey(rawValue: "diffDecodesJSON")!
}

/// The expected tree, handed to `DiffGuidedTree` through `userInfo`.
final class DiffGuide: @unchecked Sendable {
    let root: DiffTree
    /// Reading JSON: keys are strings and numbers are Int64, UInt64 or Double.
    let json: Bool
    init(root: DiffTree, json: Bool) { self.root = root; self.json = json }
}

extension CodingUserInfoKey {
    static let diffGuide = CodingUserInfoKey(rawValue: "diffGuide")!
}

/// A value decoded generically, but guided by the expected tree: each value is read with the
/// type the expected tree has at its coding path (so the round trip also exercises the typed
/// decoding entry points, and nothing is decoded by trial and error). What does not match
/// throws, with the path.
struct DiffGuidedTree: Decodable {
    let tree: DiffTree

    struct Mismatch: Error, CustomStringConvertible { let description: String }

    init(from decoder: any Decoder) throws {
        guard let guide = decoder.userInfo[.diffGuide] as? DiffGuide else { throw Mismatch(description: "no guide") }
        var node = guide.root
        for key in decoder.codingPath {
            switch node {
            case .keyed(let d):
                guard let next = d[key.intValue.map(DiffKey.i) ?? .s(key.stringValue)] ?? d[.s(key.stringValue)] else {
                    throw Mismatch(description: "unexpected key \(key.stringValue) at \(decoder.codingPath.map(\.stringValue))")
                }
                node = next
            case .unkeyed(let a):
                guard let i = key.intValue, a.indices.contains(i) else {
                    throw Mismatch(description: "unexpected element \(key.stringValue) at \(decoder.codingPath.map(\.stringValue))")
                }
                node = a[i]
            default:
                throw Mismatch(description: "a container where \(node) was expected, at \(decoder.codingPath.map(\.stringValue))")
            }
        }
        switch node {
        case .keyed:
            let c = try decoder.container(keyedBy: DiffCodingKey.self)
            var entries: [DiffKey: DiffTree] = [:]
            for key in c.allKeys { entries[key.diffKey] = try c.decode(DiffGuidedTree.self, forKey: key).tree }
            tree = .keyed(entries)
        case .unkeyed:
            var u = try decoder.unkeyedContainer()
            var items: [DiffTree] = []
            while !u.isAtEnd { items.append(try u.decode(DiffGuidedTree.self).tree) }
            if let count = u.count, count != items.count { throw Mismatch(description: "count \(count) but \(items.count) elements") }
            tree = .unkeyed(items)
        default:
            let s = try decoder.singleValueContainer()
            switch node {
            case .null:
                guard s.decodeNil() else { throw Mismatch(description: "not nil at \(decoder.codingPath.map(\.stringValue))") }
                tree = node
            case .bool: tree = .bool(try s.decode(Bool.self))
            case .integer(let text):
                if Int64(text) != nil { tree = .integer("\(try s.decode(Int64.self))") }
                else if UInt64(text) != nil { tree = .integer("\(try s.decode(UInt64.self))") }
                else if Int128(text) != nil { tree = .integer("\(try s.decode(Int128.self))") }
                else { tree = .integer("\(try s.decode(UInt128.self))") }
            case .float: tree = .float(try s.decode(Float.self).bitPattern)
            case .double: tree = guide.json ? DiffTree.number(try s.decode(Double.self)) : .double(try s.decode(Double.self).bitPattern)
            case .string: tree = .string(try s.decode(String.self))
            case .bytes: tree = .bytes([UInt8](try s.decode(Data.self)))
            case .date: tree = .date(try s.decode(Date.self).timeIntervalSinceReferenceDate.bitPattern)
            case .uuid: tree = .uuid(try s.decode(UUID.self).uuidString)
            case .url: tree = .url(try s.decode(URL.self).absoluteString)
            case .keyed, .unkeyed: fatalError("unreachable")
            }
        }
    }
}

import Foundation
import KeyedArchive

/// Reads a parsed JSON document as the archive value it stands for (`karchive from-json`), as
/// `Spec/JSON.md` specifies:
///
/// - an object is a keyed container, in member order; a member name that is the canonical
///   decimal spelling of an integer in −2^62 ..< 2^62 is that integer key, any other name a
///   string key; two names that would be the same key are refused;
/// - a one-member object named `$` + a wrapper name is that wrapper's value, and one named with
///   two or more `$` is a one-member keyed container whose name has one `$` fewer;
/// - an array is an unkeyed container, `null` nil, a number the narrowest exact type
///   `JSONParser` chose.
///
/// Anything it refuses is a `JSONParser.Failure` at the offset of the member concerned, so
/// every error of `from-json` reads alike.
enum JSONToArchive {
    static func value(_ json: JSONValue) throws(JSONParser.Failure) -> MappedValue {
        switch json {
        case .null: return .null(level: 0)
        case .bool(let b): return .bool(b)
        case .string(let s): return .string(s)
        case .number(.integer(let n)): return .integer(n)
        case .number(.float(let x)): return .float(x)
        case .number(.double(let x)): return .double(x)
        case .array(let elements):
            var values: [MappedValue] = []
            values.reserveCapacity(elements.count)
            for element in elements { values.append(try value(element)) }
            return .unkeyed(values)
        case .object(let members):
            if members.count == 1, let found = JSONMapping.wrapperName(members[0].name) {
                guard found.dollars == 1 else {
                    let name = String(members[0].name.dropFirst())
                    return .keyed([(.string(name), try value(members[0].value))])
                }
                return try unwrap(found.wrapper, members[0])
            }
            return .keyed(try entries(members))
        }
    }

    /// The entries of a keyed container; refuses two members that would be the same archive
    /// key (equal names), and, as `Spec/JSON.md` §2 allows, two canonically equivalent names:
    /// for the format those are two keys (`Spec/FORMAT.md` §8.3), but `ArchiveEncoder`, like
    /// `JSONEncoder`, writes them as one (Swift `String` equality is canonical equivalence), and
    /// a decoder would refuse to look either up. Integer names are canonical, so equal integers
    /// have equal names.
    private static func entries(_ members: [JSONMember]) throws(JSONParser.Failure) -> [(key: MappedValue.Key, value: MappedValue)] {
        var seen: [String: String] = [:]
        var entries: [(key: MappedValue.Key, value: MappedValue)] = []
        entries.reserveCapacity(members.count)
        for member in members {
            if let earlier = seen[member.name] {
                let reason = earlier.utf8.elementsEqual(member.name.utf8)
                    ? "the object repeats the member name \(Formatting.quoted(member.name))"
                    : "the member name \(Formatting.quoted(member.name)) (\(scalars(member.name))) is canonically equivalent to the earlier \(Formatting.quoted(earlier)) (\(scalars(earlier))), the same archive key"
                throw JSONParser.Failure(offset: member.nameOffset, reason: reason)
            }
            seen[member.name] = member.name
            let key: MappedValue.Key = JSONMapping.integerKey(member.name).map { .int($0) } ?? .string(member.name)
            entries.append((key, try value(member.value)))
        }
        return entries
    }

    /// "U+0065 U+0301", to show names that print alike.
    private static func scalars(_ name: String) -> String {
        name.unicodeScalars.prefix(12).map { "U+" + String($0.value, radix: 16, uppercase: true).leftPadded(4) }.joined(separator: " ")
            + (name.unicodeScalars.count > 12 ? " …" : "")
    }

    /// The value of a wrapper object; its value must be spelled exactly as `to-json` writes it,
    /// so that the round trip gives back the same text.
    private static func unwrap(_ wrapper: JSONMapping.Wrapper, _ member: JSONMember) throws(JSONParser.Failure) -> MappedValue {
        func fail(_ reason: String) -> JSONParser.Failure {
            JSONParser.Failure(offset: member.valueOffset, reason: "\(wrapper.memberName) \(reason)")
        }
        let text: String? = if case .string(let s) = member.value { s } else { nil }
        switch wrapper {
        case .nil:
            guard case .number(.integer(.unsigned(let level))) = member.value, level >= 1, level <= JSONMapping.maximumNilLevel else {
                throw fail("needs an integer level from 1 to \(JSONMapping.maximumNilLevel)")
            }
            return .null(level: UInt64(level))
        case .float, .double:
            guard let text, let x = JSONMapping.nonFinite(text) else {
                throw fail("needs \"NaN\", \"Infinity\" or \"-Infinity\" (finite numbers are plain JSON numbers)")
            }
            return wrapper == .float ? .float(Float(x)) : .double(x)
        case .data:
            guard let text, let data = JSONMapping.bytes(fromBase64: text) else {
                throw fail("needs a string in standard Base64 with padding, as to-json writes it")
            }
            return .bytes(data)
        case .uuid:
            guard let text, let uuid = JSONMapping.uuid(text) else {
                if let text, let uuid = UUID(uuidString: text) {
                    throw fail("needs the UUID in uppercase, as to-json writes it: \(Formatting.quoted(uuid.uuidString))")
                }
                throw fail("needs a UUID string such as \"E621E1F8-C36C-495A-93FC-0C247A3E6E5F\"")
            }
            return .uuid(uuid)
        case .url:
            // Any text: for the format a URL is a string (FORMAT §7), so every archive's URL
            // item comes back, and the type decoding it decides whether it is a URL.
            guard let text else { throw fail("needs a string") }
            return .url(text)
        case .date:
            return .date(try date(member.value, fail: fail))
        }
    }

    /// A `$date`'s seconds since 2001-01-01T00:00:00Z.
    private static func date(_ value: JSONValue, fail: (String) -> JSONParser.Failure) throws(JSONParser.Failure) -> Double {
        let seconds: Double
        switch value {
        case .number(let n):
            seconds = n.double
        case .string(let text):
            if let x = JSONMapping.nonFinite(text) { return x }
            guard let parsed = JSONDate.seconds(fromISO8601: text) else {
                throw fail("needs \"YYYY-MM-DDTHH:MM:SS[.fraction]Z\" (UTC, years 0001-9999), seconds since 2001-01-01T00:00:00Z as a number, or \"NaN\", \"Infinity\", \"-Infinity\"")
            }
            seconds = parsed
        default:
            throw fail("needs an ISO 8601 string or a number")
        }
        // One spelling per date, so that to-json gives back the same text.
        let canonical = ArchiveToJSON.date(seconds)
        guard canonical == value || (value.isNumber && canonical.isNumber) else {
            let spelled = JSONWriter.write(canonical, pretty: false)
            throw fail("\(JSONWriter.write(value, pretty: false)) is written \(spelled), as to-json writes this date")
        }
        return seconds
    }
}

private extension JSONValue {
    var isNumber: Bool { if case .number = self { true } else { false } }
}

private extension String {
    func leftPadded(_ width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}

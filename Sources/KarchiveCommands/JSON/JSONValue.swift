/// A JSON document as `karchive` converts it: objects keep their members' order, numbers keep
/// their exact value.
indirect enum JSONValue: Equatable {
    case null
    case bool(Bool)
    case number(JSONNumber)
    case string(String)
    case array([JSONValue])
    case object([JSONMember])
}

/// One member of a JSON object.
struct JSONMember: Equatable {
    let key: String
    let value: JSONValue
}

/// A JSON number, in the narrowest archive type that holds it exactly (`karchive from-json`).
enum JSONNumber: Equatable {
    /// An integer of the archive's range, −2^127 … 2^128 − 1.
    case integer(ArchiveIntegerValue)
    case float(Float)
    case double(Double)
}

/// An integer of −2^127 … 2^128 − 1, without a sign bit to spare.
enum ArchiveIntegerValue: Equatable {
    case signed(Int128)
    case unsigned(UInt128)
}

/// A JSON document as `karchive` converts it: objects keep their members' order and names
/// exactly (no Unicode normalization), numbers keep their exact value.
indirect enum JSONValue: Equatable {
    case null
    case bool(Bool)
    case number(JSONNumber)
    case string(String)
    case array([JSONValue])
    case object([JSONMember])
}

/// One member of a JSON object, and where it was in the parsed text (0 for members built in
/// memory), so that `from-json` can point at a member it refuses.
struct JSONMember: Equatable {
    let name: String
    let value: JSONValue
    /// The byte offset of the member name's opening quote.
    var nameOffset = 0
    /// The byte offset of the first byte of the value.
    var valueOffset = 0
}

/// A JSON number, in the narrowest archive type that holds it exactly (`Spec/JSON.md` §4):
/// an integer when it is spelled without fraction or exponent and fits in 128 bits, else the
/// `Double` nearest to it, kept as a `Float` when that `Double` is a `Float` value.
enum JSONNumber: Equatable {
    /// An integer of the archive's range, −2^127 … 2^128 − 1.
    case integer(ArchiveIntegerValue)
    case float(Float)
    case double(Double)

    /// The nearest `Double`: what a JSON reader that reads numbers as doubles gets.
    var double: Double {
        switch self {
        case .integer(.signed(let n)): Double(n.description)!
        case .integer(.unsigned(let n)): Double(n.description)!
        case .float(let x): Double(x)
        case .double(let x): x
        }
    }
}

/// An integer of −2^127 … 2^128 − 1, without a sign bit to spare.
enum ArchiveIntegerValue: Equatable {
    case signed(Int128)
    case unsigned(UInt128)
}

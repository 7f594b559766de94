import Foundation

/// A string-or-integer key like Foundation's private `_CodingKey`: `init(stringValue:)` has no intValue.
struct DynamicKey: CodingKey, Hashable {
    var stringValue: String
    var intValue: Int?
    init(_ string: String) { stringValue = string; intValue = nil }
    init?(stringValue: String) { self.init(stringValue) }
    init?(intValue: Int) { stringValue = "\(intValue)"; self.intValue = intValue }
}

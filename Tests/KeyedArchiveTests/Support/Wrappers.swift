import Foundation

/// A value under the single key `value` (synthesized keyed container), Codable/Equatable when `T` is.
struct Box<T> { var value: T }
extension Box: Encodable where T: Encodable {}
extension Box: Decodable where T: Decodable {}
extension Box: Equatable where T: Equatable {}

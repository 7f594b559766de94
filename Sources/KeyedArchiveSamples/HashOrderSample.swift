/// Dictionaries whose iteration order depends on the process's hash seed: the value
/// `ArchiveStreamPeer --archive-of-sample` encodes in a child process, and the deterministic
/// archive tests build again in their own process (`ArchiveEncoder.deterministic`).
public struct HashOrderSample: Codable, Equatable, Sendable {
    /// 200 string keys.
    public var names: [String: Int]
    /// 200 integer keys, negative ones included.
    public var byNumber: [Int: String]
    /// Ten dictionaries of twenty keys each, in a dictionary.
    public var nested: [String: [String: Bool]]

    /// The same value on every call (the dictionaries' order aside).
    public static func make() -> HashOrderSample {
        var sample = HashOrderSample(names: [:], byNumber: [:], nested: [:])
        for i in 0..<200 {
            sample.names["name-\(i)"] = i
            sample.byNumber[i * 7919 % 1009 - 500] = "value \(i)"
            sample.nested["group-\(i % 10)", default: [:]]["flag-\(i)"] = i % 3 == 0
        }
        return sample
    }
}

import Foundation

/// The sizes of the long seeded campaigns (differential programs, spec-agreement mutants,
/// property tests, loopback exchanges), chosen in one place.
///
/// `swift test` on its own runs the quick sizes: every campaign still runs and reaches every
/// shape its generator makes, and the whole suite finishes in a few minutes on two cores.
/// `.ci/run` sets `CAMPAIGNS=full` for its main test run, which then runs each campaign at its
/// full size. A campaign's own variable (`ENCODER_DIFF_COUNT` and the like) overrides both.
public enum Campaign {
    /// Whether `CAMPAIGNS=full` asks for the full sizes.
    public static let isFull = ProcessInfo.processInfo.environment["CAMPAIGNS"] == "full"

    /// The number of cases of a campaign: the integer in environment variable `variable` if it
    /// is set, else `full` under `CAMPAIGNS=full`, else `quick`.
    public static func count(_ variable: String, quick: Int, full: Int) -> Int {
        overridden(variable) ?? (isFull ? full : quick)
    }

    /// The integer in environment variable `variable`, if it is set to one.
    public static func overridden(_ variable: String) -> Int? {
        ProcessInfo.processInfo.environment[variable].flatMap { Int($0) }
    }
}
